// Files shaped as the common exporters write them (test/fixtures/import: one
// per exporter, fictional people, layouts from each tool's documented export),
// read as the import reads them: the clients an owner would expect, Hebrew
// intact, the mobile number chosen and the others kept in the notes, and
// every refused row saying where and why. The business is in Israel.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { planImport, readImportFile } from "../../app/services/clients/import.server";
import { readUpload } from "../../app/services/clients/import/read-upload";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url)));

async function read(name: string, type: string | null = null) {
  const bytes = fixture(name);
  const upload = await readUpload(new Blob([bytes]).stream(), 2 * 1024 * 1024);
  const { format, parsed } = readImportFile({ type, bytes: upload.bytes, photos: upload.skipped });
  const plan = planImport(parsed, "IL", new Set());
  const clients = plan.rows.map((r) => ({
    name: r.name,
    phone: r.phone,
    ...(r.tags.length ? { tags: r.tags } : {}),
    ...(r.notes ? { notes: r.notes } : {}),
  }));
  const errors = plan.errors.map((e) => ({ row: e.row, key: e.key, ...e.params }));
  return { format, read: parsed.read, clients, errors, plan };
}

describe("spreadsheets and salon software", () => {
  it("Google Contacts (current layout): the mobile of each pair, Google's own groups dropped, a company-only contact named by its company", async () => {
    const got = await read("google-contacts.csv", "text/csv");
    expect(got.read).toMatchObject({ format: "csv", encoding: "utf-8", exporter: "google", headerRow: 1 });
    expect(got.read.columns).toMatchObject({
      name: ["First Name", "Middle Name", "Last Name", "Nickname", "Organization Name"],
      notes: ["Notes"],
      tags: ["Labels"],
    });
    expect(got.clients).toEqual([
      { name: "נועה כהן", phone: "972545550101", tags: ["VIP"], notes: "Likes short cuts\nHome: 03-555-1234" },
      { name: "Maya Azulay", phone: "972545550102", tags: ["Color"], notes: "Mobile: 052-555-0199" },
      { name: "Studio Shir", phone: "972545550103" },
    ]);
    expect(got.errors).toEqual([
      { row: 5, key: "import.err.noPhone", columns: '"Phone 1 - Value", "Phone 2 - Value"' },
    ]);
  });

  it("Google Contacts (older layout): Type/Value pairs, a number wrapped in direction marks and non-breaking hyphens", async () => {
    const got = await read("google-contacts-old.csv");
    expect(got.read).toMatchObject({ exporter: "googleOld" });
    expect(got.clients).toEqual([
      { name: "Yael Mizrahi", phone: "972545550201", tags: ["Friends"], notes: "Prefers Fridays\nWork: 03-555-2222" },
      { name: "רונית אברהם", phone: "972545550202" },
    ]);
  });

  it("Outlook (windows-1252): every phone column, a company-only contact, and a foreign number flagged instead of rewritten", async () => {
    const got = await read("outlook.csv");
    expect(got.read).toMatchObject({ encoding: "windows-1252", exporter: "outlook" });
    expect(got.clients).toEqual([
      {
        name: "Chloé Dubois",
        phone: "972545550301",
        tags: ["VIP", "Color"],
        notes: "Café au lait, no sugar\nBusiness Phone: 03-555-3000",
      },
      { name: "Renée Müller", phone: "97235553002" },
      { name: "Tom Baker", phone: "972545550303" },
      { name: "Salon Supplies Ltd", phone: "97235553004" },
    ]);
    expect(got.errors).toEqual([
      { row: 6, key: "import.err.foreignNumber", value: "(650) 555-1212", column: "Mobile Phone" },
    ]);
  });

  it("Outlook on a Hebrew PC (windows-1255, Hebrew column names)", async () => {
    const got = await read("outlook-hebrew.csv");
    expect(got.read).toMatchObject({ encoding: "windows-1255" });
    expect(got.clients).toEqual([
      { name: "שירה לוי", phone: "972545550401", tags: ["לקוחות קבועות"], notes: "צבע 7.1\nטלפון בעבודה: 03-555-4000" },
      { name: "אורית בן דוד", phone: "97295554002" },
    ]);
  });

  it("Excel on a Hebrew PC: a title row above the header, a lost leading zero, scientific notation and a leading apostrophe", async () => {
    const got = await read("excel-hebrew.csv");
    expect(got.read).toMatchObject({
      encoding: "windows-1255",
      headerRow: 3,
      columns: { name: ["שם הלקוחה"], phone: ["טל'"] },
    });
    expect(got.clients).toEqual([
      { name: "מיכל ישראלי", phone: "972541234567", tags: ["קבועה"] },
      { name: "עדי פרץ", phone: "972545550503", tags: ["חדשה"], notes: "מגיעה עם הבת" },
    ]);
    expect(got.errors).toEqual([{ row: 5, key: "import.err.excelNumber", value: "9.72541E+11", column: "טל'" }]);
  });

  it("Excel's Unicode Text (UTF-16 with a BOM, tabs): en dashes and non-breaking spaces in numbers", async () => {
    const got = await read("excel-unicode-text.txt", "text/plain");
    expect(got.read).toMatchObject({ format: "csv", encoding: "utf-16le", delimiter: "\t" });
    expect(got.clients).toEqual([
      { name: "ליאת גולן", phone: "972545550601", tags: ["VIP"] },
      { name: "Tamar Shaked", phone: "972545550602" },
    ]);
  });

  it("a sep=; first line, Customer Name and WhatsApp Number", async () => {
    const got = await read("excel-sep.csv");
    expect(got.read).toMatchObject({ delimiter: ";", headerRow: 1 });
    expect(got.clients).toEqual([
      { name: "Sarah Cohen", phone: "972545550701", notes: "Prefers WhatsApp" },
      { name: "Jonathan Ben Ami", phone: "972545550702" },
    ]);
  });

  it("Fresha: Mobile Number wins over Telephone, and a row with only a Telephone still imports", async () => {
    const got = await read("fresha-clients.csv");
    expect(got.read).toMatchObject({ exporter: "fresha" });
    expect(got.clients).toEqual([
      { name: "Noa Friedman", phone: "972545550801", notes: "Sensitive scalp" },
      { name: "Avi Golan", phone: "972545550802", notes: "Telephone: +972 3 555 0899" },
      { name: "Gali Paz", phone: "972545550803" },
    ]);
  });

  it("Square: Memo as notes, Groups as tags, an apostrophe before the number", async () => {
    const got = await read("square-customers.csv");
    expect(got.read).toMatchObject({ exporter: "square" });
    expect(got.clients).toEqual([
      { name: "Efrat Shalev", phone: "972545550901", tags: ["Regulars", "Balayage"], notes: "Allergic to ammonia" },
      { name: "Omer Katz", phone: "972545550902" },
    ]);
  });

  it("Booksy: Name and Cell phone", async () => {
    const got = await read("booksy-clients.csv");
    expect(got.clients).toEqual([
      { name: "Inbal Levi", phone: "972545551001", notes: "First visit in March" },
      { name: "Rotem Adler", phone: "972545551002" },
    ]);
  });

  it("a WhatsApp contacts export: the WhatsApp number, and a saved name when the name is empty", async () => {
    const got = await read("whatsapp-contacts.csv");
    expect(got.read).toMatchObject({ exporter: "whatsapp" });
    expect(got.clients).toEqual([
      { name: "Keren Hair", phone: "972545551101" },
      { name: "Liron", phone: "972545551102" },
    ]);
  });

  it("an iPhone export app: the iPhone and Mobile columns before Home", async () => {
    const got = await read("iphone-export-app.csv");
    expect(got.clients).toEqual([
      { name: "Hadas Ron", phone: "972545551201", notes: "Home: 03-555-1299" },
      { name: "Eden Bar", phone: "972545551202", notes: "Bangs every 3 weeks" },
    ]);
  });
});

describe("phones' contacts (vCard)", () => {
  it("Android 2.1: quoted-printable over many lines, the photo left out, a custom Hebrew label, a card with no name", async () => {
    const got = await read("android-contacts.vcf");
    expect(got.read).toMatchObject({ format: "vcard", versions: ["2.1"], photos: 1 });
    expect(got.clients[0]).toEqual({
      name: "אסתר-מרים כהן",
      phone: "972545551302",
      notes:
        "לקוחה ותיקה. מעדיפה תורים בבוקר, לפני העבודה, ותמיד מביאה קפה. צבע: 6.0 עם גוונים. לא אוהבת פן חזק.\nHome: 03-555-1301",
    });
    expect(got.clients[1]).toMatchObject({ name: "Avigail Green", phone: "972545551304" });
    expect(got.errors).toEqual([{ row: 3, key: "import.err.noName", columns: "FN, N" }]);
  });

  it("iPhone 3.0: X-ABLabel mobile (נייד) over a preferred home number, the photo left out, a company-only card, categories", async () => {
    const got = await read("iphone-contacts.vcf");
    expect(got.read).toMatchObject({ versions: ["3.0"], photos: 1 });
    expect(got.clients).toEqual([
      { name: "מורן שושן", phone: "972545551402", notes: "Balayage every 3 months, toner 9.1\nHome: 03-555-1401" },
      { name: "Bella Nails", phone: "972545551403", notes: "Main: +972 3-555-1499" },
      { name: "Michal Rosen", phone: "972545551404", tags: ["VIP", "Keratin"] },
    ]);
  });

  it("a contact shared from WhatsApp: the waid number", async () => {
    const got = await read("whatsapp-shared.vcf");
    expect(got.clients).toEqual([
      { name: "Tali", phone: "972545551501" },
      { name: "Yossi Ben Haim", phone: "972545551502", notes: "Home: +972 3-555-1599" },
    ]);
  });

  it("Outlook 2.1 with CHARSET=windows-1255: Hebrew intact, the fax never chosen", async () => {
    const got = await read("outlook-contact.vcf");
    expect(got.clients).toEqual([
      { name: "ענבל ברק", phone: "972545551602", notes: "Work: 03-555-1601\nFax: 03-555-1698" },
    ]);
  });

  it("vCard 4.0: tel: values, quoted types, extensions", async () => {
    const got = await read("vcard-4.vcf");
    expect(got.clients).toEqual([
      { name: "Ayelet Noy", phone: "972545551701", notes: "Line one\nLine two\nHome: +972-3-555-1799" },
    ]);
  });
});
