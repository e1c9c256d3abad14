// The owner's clients in from a phone's contacts and a spreadsheet, and out as CSV.
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";

const { stack, newPage } = useBrowserStack();

const VCF = [
  "BEGIN:VCARD",
  "VERSION:2.1",
  "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=D7=A0=D7=95=D7=A2=D7=94=20=D7=9B=D7=94=D7=9F",
  "TEL;HOME:03-555-1234",
  "TEL;CELL:054-123-4567",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:3.0",
  "FN:Maya Azulay",
  "TEL;type=CELL:+972 52 765 4321",
  "END:VCARD",
].join("\r\n");
const CSV =
  "\uFEFFשם;טלפון;הערות\r\nDana Levi;054-222-3333;Prefers mornings\r\nNo Phone;;\r\nנועה שוב;+972 54 123 4567;\r\n";

describe("import and export of clients", () => {
  for (const lang of ["en", "he"] as const) {
    it(
      `imports a phone's contacts and a spreadsheet with a bad line, then exports them (${lang})`,
      { timeout: 240_000 },
      async () => {
        const { page, errors } = await newPage(390);
        if (lang === "he") await page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
        await signInAsNewOwner(page, stack.appUrl, {
          name: "Dana Levi",
          business: "Dana Hair",
          email: `dana.data.${lang}@example.com`,
          password: "data-pass-123",
        });
        await page.goto(`${stack.appUrl}/dashboard/clients`);
        await whenHydrated(page);
        const text =
          lang === "en"
            ? {
                import: "Import",
                confirm: "Import clients (2)",
                confirm1: "Import clients (1)",
                new: "New",
                row: "Row",
              }
            : { import: "ייבוא", confirm: "ייבוא לקוחות (2)", confirm1: "ייבוא לקוחות (1)", new: "חדש", row: "שורה" };

        // A phone's contacts (.vcf): preview, then import.
        await page.getByRole("button", { name: text.import, exact: true }).click();
        const dialog = page.getByRole("dialog");
        await dialog
          .locator("input[type=file]")
          .setInputFiles({ name: "contacts.vcf", mimeType: "text/vcard", buffer: Buffer.from(VCF) });
        const preview = dialog.getByTestId("import-preview");
        await preview.waitFor();
        expect(await preview.locator("tbody tr").count()).toBe(2);
        expect(await preview.locator("tbody").textContent()).toContain("נועה כהן");
        await screenshot(page, `data-import-vcf-preview-${lang}-390`);
        await dialog.getByRole("button", { name: text.confirm }).click();
        await page.getByTestId("import-done").waitFor();
        await expect.poll(() => page.locator(".client-list").textContent()).toContain("Maya Azulay");

        // A spreadsheet with a bad line and a number already imported.
        await page.getByRole("button", { name: text.import, exact: true }).click();
        await dialog
          .locator("input[type=file]")
          .setInputFiles({ name: "clients.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
        await dialog.getByTestId("import-preview").waitFor();
        const problems = dialog.getByTestId("import-errors");
        const problemText = (await problems.textContent())!.replace(/[\u2066-\u2069]/g, "");
        if (lang === "en") expect(problemText).toBe('Row 3: No phone number ("טלפון" empty).');
        else {
          expect(problemText.startsWith("שורה 3: ")).toBe(true);
          expect(problemText).not.toMatch(/[A-Za-z]/); // no English on a Hebrew screen
        }
        expect(await dialog.textContent()).toContain("clients.csv");
        if (lang === "he") expect(await dialog.locator("label, button").allTextContents()).not.toContain("Choose File");
        await screenshot(page, `data-import-csv-preview-${lang}-390`);
        await dialog.getByRole("button", { name: text.confirm1 }).click();
        await page.getByTestId("import-done").waitFor();
        await expect
          .poll(() => page.getByTestId("import-done").textContent())
          .toBe(lang === "en" ? "Clients imported: 1. Skipped: 1." : "לקוחות שיובאו: 1. דולגו: 1.");
        await screenshot(page, `data-import-done-${lang}-390`);

        // Export: a CSV a spreadsheet opens with Hebrew intact.
        const res = await page.request.get(`${stack.appUrl}/api/export/clients.csv`);
        const body = await res.body();
        expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const csv = body.subarray(3).toString("utf8");
        expect(csv).toContain("נועה כהן");
        expect(csv.split("\r\n")[0]).toBe(
          lang === "en" ? "Name,Phone,Tags,Notes,Created" : "שם,טלפון,תגיות,הערות,נוצר",
        );
        expect(errors).toEqual([]);
      },
    );
  }
});
