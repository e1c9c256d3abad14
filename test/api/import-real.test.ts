// What phones and Windows PCs really send, through POST /api/import/clients in
// workerd: a 300-contact iPhone export with photos (about 10 MB, 2 MB of which
// would be refused if photos counted), and a windows-1255 spreadsheet.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
const upload = (owner: Owner, body: BodyInit, type: string, query = "") =>
  owner.api(`/api/import/clients${query}`, { method: "POST", headers: { "Content-Type": type }, body });

/** An iPhone "share all contacts" file: vCard 3.0, labelled numbers, and a photo (base64 JPEG, folded at 75) on every card. */
function iphoneExport(count: number, photoBytes: number): string {
  const photo = btoa(String.fromCharCode(...Array.from({ length: photoBytes }, (_, i) => (i * 31 + 7) % 256)));
  const folded = `PHOTO;ENCODING=b;TYPE=JPEG:${photo}`.match(/.{1,74}/g)!.join("\r\n ");
  const cards: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = String(i).padStart(4, "0");
    cards.push(
      [
        "BEGIN:VCARD",
        "VERSION:3.0",
        "PRODID:-//Apple Inc.//iPhone OS 17.4//EN",
        `N:לקוחה ${n};שירה;;;`,
        `FN:שירה לקוחה ${n}`,
        `item1.TEL;type=pref:03-555-${n}`,
        "item1.X-ABLabel:_$!<Home>!$_",
        `item2.TEL:054-55${n.slice(0, 1)}-1${n.slice(1)}`,
        "item2.X-ABLabel:_$!<Mobile>!$_",
        folded,
        "END:VCARD",
      ].join("\r\n"),
    );
  }
  return cards.join("\r\n") + "\r\n";
}

/** Text in windows-1255 (Hebrew letters are 0xE0-0xFA; the rest here is ASCII). */
const windows1255 = (text: string) =>
  new Uint8Array([...text].map((c) => (c >= "א" && c <= "ת" ? 0xe0 + c.charCodeAt(0) - 0x5d0 : c.charCodeAt(0))));

describe("real exports through the API", () => {
  it("a 300-contact iPhone export with photos (about 10 MB) imports whole: photos are left out before the 2 MB limit", async () => {
    const owner = await signedInOwner();
    const file = iphoneExport(300, 24_000);
    expect(file.length).toBeGreaterThan(9_000_000);
    const preview = (await (await upload(owner, file, "text/vcard", "?dry_run=1")).json()) as {
      new: number;
      invalid: number;
      read: object;
    };
    expect(preview).toMatchObject({
      new: 300,
      invalid: 0,
      read: { format: "vcard", encoding: "utf-8", versions: ["3.0"], photos: 300 },
    });
    const res = await upload(owner, file, "text/vcard");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ imported: 300, skipped: 0, errors: [] });
    const first = await env.DB.prepare("SELECT name, phone, notes FROM clients WHERE business_id = ? AND name = ?")
      .bind(owner.businessId, "שירה לקוחה 0001")
      .first();
    expect(first).toEqual({ name: "שירה לקוחה 0001", phone: "972545501001", notes: "Home: 03-555-0001" });
  });

  it("a file still over 2 MB once photos are out is refused with the limit and the way out", async () => {
    const owner = await signedInOwner();
    const res = await upload(owner, "name,phone,notes\n" + `Maya,0521234567,${"x".repeat(2_200_000)}\n`, "text/csv");
    expect(res.status).toBe(413);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      "The file is larger than 2 MB (contact photos aside). Split it into parts and import each one.",
    );
  });

  it("a windows-1255 spreadsheet from a Hebrew PC: Hebrew names intact, and the preview says how it was read", async () => {
    const owner = await signedInOwner();
    const body = windows1255("שם הלקוחה,נייד,טלפון\r\nמיכל ישראלי,054-555-0001,03-555-0009\r\nהילה,,\r\n");
    const preview = (await (await upload(owner, body, "text/csv", "?dry_run=1")).json()) as object;
    expect(preview).toMatchObject({
      new: 1,
      read: {
        format: "csv",
        encoding: "windows-1255",
        delimiter: ",",
        headerRow: 1,
        columns: { name: ["שם הלקוחה"], phone: ["נייד", "טלפון"] },
      },
      reasons: { "import.err.noPhone": 1 },
      rows: [{ name: "מיכל ישראלי", phone: "972545550001", notes: "טלפון: 03-555-0009" }],
      errors: [{ row: 3, key: "import.err.noPhone", message: 'No phone number ("נייד", "טלפון" empty).' }],
    });
  });
});
