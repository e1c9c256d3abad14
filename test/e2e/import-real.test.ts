// The Import preview with files as a Hebrew PC and an iPhone write them: a
// windows-1255 Excel file with a title row and a number Excel damaged, and a
// phone's contacts file over 2 MB because of its photos (left out in the
// browser before the upload). English and Hebrew, at 390 and 1280 px.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";

const { stack, newPage } = useBrowserStack();

const EXCEL_HEBREW = readFileSync(new URL("../fixtures/import/excel-hebrew.csv", import.meta.url));

/** An iPhone export whose photos take it past 2 MB: 70 cards, a 30 KB picture on each. */
function iphoneWithPhotos(): Buffer {
  const photo = Buffer.from(Array.from({ length: 30_000 }, (_, i) => (i * 29 + 3) % 256)).toString("base64");
  const folded = `PHOTO;ENCODING=b;TYPE=JPEG:${photo}`.match(/.{1,74}/g)!.join("\r\n ");
  const cards = Array.from({ length: 70 }, (_, i) =>
    [
      "BEGIN:VCARD",
      "VERSION:3.0",
      `FN:Client ${i + 1}`,
      `item1.TEL:054-556-${String(i).padStart(4, "0")}`,
      "item1.X-ABLabel:_$!<Mobile>!$_",
      folded,
      "END:VCARD",
    ].join("\r\n"),
  );
  return Buffer.from(cards.join("\r\n"));
}

/** Text as read, without the direction isolates around the file's own words. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, "").trim();

const TEXT = {
  en: {
    import: "Import",
    read: [
      "A spreadsheet (CSV, commas), text in Windows Hebrew (windows-1255).",
      "Column names found on row 3.",
      'Name from: "שם הלקוחה"',
      'Phone from: "טל\'" (a mobile number first; other numbers go into the notes)',
    ],
    reason: "Number changed by Excel: 1",
    problem:
      'Row 5: "9.72541E+11" in "טל\'": Excel changed this number; format the column as text and save the file again.',
    vcard: ["Phone contacts (vCard 3.0), text in UTF-8.", "Contact photos left out (not used): 70."],
    confirm: "Import clients (70)",
  },
  he: {
    import: "ייבוא",
    read: [
      "גיליון (CSV, פסיקים), טקסט בקידוד עברית של Windows ‏(windows-1255).",
      "שמות העמודות נמצאו בשורה 3.",
      'שם מתוך: "שם הלקוחה"',
    ],
    reason: "מספר שאקסל שינה: 1",
    problem: 'שורה 5: "9.72541E+11" ב-"טל\'": אקסל שינה את המספר הזה. עצבו את העמודה כטקסט ושמרו את הקובץ שוב.',
    vcard: ["אנשי קשר מהטלפון (vCard 3.0), טקסט בקידוד UTF-8.", "תמונות אנשי קשר שלא נקראו (אין בהן שימוש): 70."],
    confirm: "ייבוא לקוחות (70)",
  },
} as const;

async function openImport(page: Page, lang: "en" | "he") {
  await page.goto(`${stack.appUrl}/dashboard/clients`);
  await whenHydrated(page);
  await page.getByRole("button", { name: TEXT[lang].import, exact: true }).click();
  return page.getByRole("dialog");
}

describe("the import preview with real exports", () => {
  for (const lang of ["en", "he"] as const) {
    it(
      `says how a Hebrew Excel file and a phone's contacts with photos were read (${lang})`,
      { timeout: 240_000 },
      async () => {
        const text = TEXT[lang];
        const { page, errors } = await newPage(390);
        await page.context().addCookies([{ name: "lang", value: lang, url: stack.appUrl }]);
        await signInAsNewOwner(page, stack.appUrl, {
          name: "Shira Levi",
          business: "Shira Hair",
          email: `shira.import.${lang}@example.com`,
          password: "import-pass-123",
        });

        // A windows-1255 Excel file: the encoding, the header below the title row, the columns, and the damaged number.
        let dialog = await openImport(page, lang);
        await dialog
          .locator("input[type=file]")
          .setInputFiles({ name: "לקוחות.csv", mimeType: "text/csv", buffer: EXCEL_HEBREW });
        const read = dialog.getByTestId("import-read");
        await read.waitFor();
        const readText = (await read.locator("li").allTextContents()).map(plain);
        for (const line of text.read) expect(readText).toContain(line);
        expect(await dialog.getByTestId("import-reasons").textContent()).toContain(text.reason);
        expect((await dialog.getByTestId("import-errors").locator("li").allTextContents()).map(plain)).toEqual([
          text.problem,
        ]);
        expect(await dialog.locator("tbody").textContent()).toContain("מיכל ישראלי");
        if (lang === "he")
          expect((await read.textContent())!.replace(/CSV|Windows|windows-1255|UTF-8/g, "")).not.toMatch(/[A-Za-z]/);
        await screenshot(page, `import-real-excel-${lang}-390`);

        const wide = await newPage(1280);
        await wide.page.context().addCookies(await page.context().cookies());
        const wideDialog = await openImport(wide.page, lang);
        await wideDialog
          .locator("input[type=file]")
          .setInputFiles({ name: "לקוחות.csv", mimeType: "text/csv", buffer: EXCEL_HEBREW });
        await wideDialog.getByTestId("import-read").waitFor();
        await screenshot(wide.page, `import-real-excel-${lang}-1280`);

        // A phone's contacts, over 2 MB with photos: the photos stay on the phone's file, the contacts come in.
        await page.keyboard.press("Escape");
        dialog = await openImport(page, lang);
        const vcf = iphoneWithPhotos();
        expect(vcf.length).toBeGreaterThan(2 * 1024 * 1024);
        await dialog
          .locator("input[type=file]")
          .setInputFiles({ name: "contacts.vcf", mimeType: "text/vcard", buffer: vcf });
        await dialog.getByTestId("import-read").waitFor();
        const vcardRead = (await dialog.getByTestId("import-read").locator("li").allTextContents()).map(plain);
        for (const line of text.vcard) expect(vcardRead).toContain(line);
        await screenshot(page, `import-real-vcard-${lang}-390`);
        await dialog.getByRole("button", { name: text.confirm }).click();
        await page.getByTestId("import-done").waitFor();
        const [{ n }] = await stack.query<{ n: number }>(
          `SELECT count(*) AS n FROM clients c JOIN businesses b ON b.id = c.business_id JOIN users u ON u.id = b.owner_user_id WHERE u.email = 'shira.import.${lang}@example.com'`,
        );
        expect(n).toBe(70);

        const wideVcard = await openImport(wide.page, lang);
        await wideVcard
          .locator("input[type=file]")
          .setInputFiles({ name: "contacts.vcf", mimeType: "text/vcard", buffer: vcf });
        await wideVcard.getByTestId("import-read").waitFor();
        await screenshot(wide.page, `import-real-vcard-${lang}-1280`);
        expect(errors).toEqual([]);
        expect(wide.errors).toEqual([]);
      },
    );
  }
});
