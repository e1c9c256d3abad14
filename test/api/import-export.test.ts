// Clients in from a spreadsheet or a phone's contacts, and the owner's data out.
import { env } from "cloudflare:test";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { seedBooking, seedClient, seedRuleMessage } from "../support/seed";

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
type Result = {
  success: boolean;
  imported: number;
  skipped: number;
  errors: { row: number; message: string; key: string }[];
};
/** The dry run's answer: what the test reads of it beyond its counts (first rows). */
type Preview = { rows: { status: string; phone: string }[] };
/** all.json: the parts the test reads (it checks the rest by key). */
type FullExport = { clients: { name: string }[]; bookings: unknown[] };

const upload = (owner: Owner, body: string, type: string, query = "") =>
  owner.api(`/api/import/clients${query}`, { method: "POST", headers: { "Content-Type": type }, body });
const clientsOf = async (businessId: string) =>
  (
    await env.DB.prepare("SELECT name, phone, tags, notes FROM clients WHERE business_id = ? ORDER BY name")
      .bind(businessId)
      .all()
  ).results;

const ANDROID_VCF = [
  "BEGIN:VCARD",
  "VERSION:2.1",
  "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=D7=9B=D7=94=D7=9F;=D7=A0=D7=95=D7=A2=D7=94;;;",
  "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=D7=A0=D7=95=D7=A2=D7=94=20=D7=9B=D7=94=D7=9F",
  "TEL;HOME:03-555-1234",
  "TEL;CELL:054-123-4567",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:2.1",
  "N:;;;;",
  "TEL;CELL:054-000-0000",
  "END:VCARD",
].join("\r\n");
const IPHONE_VCF = [
  "BEGIN:VCARD",
  "VERSION:3.0",
  "PRODID:-//Apple Inc.//iPhone OS 17.0//EN",
  "N:Azulay;Maya;;;",
  "FN:Maya Azulay",
  "item1.TEL;type=pref:+972 52-765-4321",
  "TEL;type=CELL;type=VOICE:+972 54 111 2222",
  "NOTE:Prefers mornings",
  "END:VCARD",
].join("\r\n");

describe("POST /api/import/clients", () => {
  it("imports a CSV in any column order with Hebrew headers, semicolons and a BOM; reports bad lines by line number and saves the good ones", async () => {
    const owner = await signedInOwner();
    await seedClient(owner.businessId, { name: "Already Here", phone: "972541110000" });
    const file =
      "\uFEFFהערות;טלפון;שם;תגיות\r\n" +
      "VIP, likes tea;054-111-0001;נועה כהן;vip,color\r\n" + // line 2
      ";054-111-0002;;\r\n" + // line 3: no name
      "Walk-in;;Avi;\r\n" + // line 4: no phone
      ";054-111-0000;Already Here;\r\n" + // line 5: known phone
      ";+972 54 111 0001;Noa again;\r\n" + // line 6: twice in the file
      ";abc;Bad Phone;\r\n" + // line 7
      ";054 111 0003;Dana Levi;\r\n"; // line 8
    const res = await upload(owner, file, "text/csv; charset=utf-8");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Result;
    expect(body).toMatchObject({
      success: true,
      imported: 2,
      skipped: 2,
      errors: [
        { row: 3, message: 'No name ("שם" empty).', key: "import.err.noName" },
        { row: 4, message: 'No phone number ("טלפון" empty).', key: "import.err.noPhone" },
        {
          row: 7,
          message: '"abc" in "טלפון" is not a phone number: expected digits, optionally starting with +.',
          key: "import.err.notNumber",
        },
      ],
    });
    expect(await clientsOf(owner.businessId)).toEqual([
      { name: "Already Here", phone: "972541110000", tags: "[]", notes: "" },
      { name: "Dana Levi", phone: "972541110003", tags: "[]", notes: "" },
      { name: "נועה כהן", phone: "972541110001", tags: '["vip","color"]', notes: "VIP, likes tea" },
    ]);
    // The same file again adds nobody.
    expect((await (await upload(owner, file, "text/csv")).json()) as Result).toMatchObject({ imported: 0, skipped: 4 });
  });

  it("previews without saving: counts and first rows", async () => {
    const owner = await signedInOwner();
    const file = "name,phone\nMaya,0521234567\nBroken,\nMaya twice,+972521234567\n";
    const preview = (await (await upload(owner, file, "text/csv", "?dry_run=1")).json()) as Preview;
    expect(preview).toMatchObject({
      success: true,
      dry_run: true,
      new: 1,
      known: 0,
      repeated: 1,
      invalid: 1,
      errors: [{ row: 3, message: 'No phone number ("phone" empty).', key: "import.err.noPhone" }],
    });
    expect(preview.rows.map((r: { status: string; phone: string }) => [r.status, r.phone])).toEqual([
      ["new", "972521234567"],
      ["repeated", "972521234567"],
    ]);
    expect(await clientsOf(owner.businessId)).toEqual([]);
  });

  it("imports Android (vCard 2.1, quoted-printable Hebrew) and iPhone (vCard 3.0) contacts, taking the mobile number of several", async () => {
    const owner = await signedInOwner();
    const android = (await (await upload(owner, ANDROID_VCF, "text/vcard")).json()) as Result;
    expect(android).toMatchObject({
      success: true,
      imported: 1,
      skipped: 0,
      errors: [{ row: 2, message: "No name (FN, N empty).", key: "import.err.noName" }],
    });
    const iphone = (await (await upload(owner, IPHONE_VCF, "text/x-vcard")).json()) as Result;
    expect(iphone).toMatchObject({ imported: 1, errors: [] });
    expect(await clientsOf(owner.businessId)).toEqual([
      { name: "Maya Azulay", phone: "972541112222", tags: "[]", notes: "Prefers mornings\nPhone: +972 52-765-4321" },
      { name: "נועה כהן", phone: "972541234567", tags: "[]", notes: "Home: 03-555-1234" },
    ]);
  });

  it("5,000 rows go in one batch, each phone once", async () => {
    const owner = await signedInOwner();
    const lines = ["name,phone"];
    for (let i = 0; i < 5000; i++) lines.push(`Client ${i},05${String(20000000 + i).padStart(8, "0")}`);
    lines.push("Client 0 again,0520000000");
    const body = (await (await upload(owner, lines.join("\n"), "text/csv")).json()) as Result;
    expect(body).toMatchObject({ imported: 5000, skipped: 1, errors: [] });
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM clients WHERE business_id = ?").bind(owner.businessId).first("n"),
    ).toBe(5000);
  });

  it("refuses what it cannot read with a clear 4xx, and saves nothing", async () => {
    const owner = await signedInOwner();
    expect((await upload(owner, "{}", "application/json")).status).toBe(415);
    const missing = await upload(owner, "colour,size\nred,L\n", "text/csv");
    expect(missing.status).toBe(200);
    expect(((await missing.json()) as Result).errors[0].message).toMatch(/no name and phone columns/);
    expect((await upload(owner, "", "text/csv")).status).toBe(400);
    expect((await upload(owner, "name,phone\n" + "x,0521234567\n".repeat(200_000), "text/csv")).status).toBe(413);
    expect(await clientsOf(owner.businessId)).toEqual([]);
  });

  it("imports into the caller's business only", async () => {
    const a = await signedInOwner();
    const b = await signedInOwner();
    await upload(a, "name,phone\nMaya,0521234567\n", "text/csv");
    expect(await clientsOf(b.businessId)).toEqual([]);
    expect(
      (await upload(b, "name,phone\nMaya,0521234567\n", "text/csv").then((r) => r.json())) as Result,
    ).toMatchObject({ imported: 1, skipped: 0 });
  });
});

describe("GET /api/export/*", () => {
  it("clients.csv: UTF-8 with BOM, RFC 4180 quoting, Hebrew intact, and it imports back", async () => {
    const owner = await signedInOwner();
    await seedClient(owner.businessId, {
      name: "נועה כהן",
      phone: "972541234567",
      tags: ["vip"],
      notes: 'Says "hi", then\nleaves',
    });
    await seedClient(owner.businessId, { name: '=HYPERLINK("x")', phone: "972541234568" });
    const res = await owner.api("/api/export/clients.csv");
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="clients.csv"');
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith("\uFEFFName,Phone,Tags,Notes,Created\r\n")).toBe(true);
    expect(text).toContain('"Says ""hi"", then\nleaves"');
    const rows = Papa.parse<string[]>(text.slice(1)).data;
    expect(rows[1]).toEqual(['\'=HYPERLINK("x")', "+972 54 123 4568", "", "", expect.any(String)]);
    expect(rows[2].slice(0, 4)).toEqual(["נועה כהן", "+972 54 123 4567", "vip", 'Says "hi", then\nleaves']);

    const other = await signedInOwner();
    const back = (await (await upload(other, text, "text/csv")).json()) as Result;
    expect(back).toMatchObject({ imported: 2, errors: [] });
  });

  it("clients.csv dates a client by the business's own calendar, not UTC's", async () => {
    const owner = await signedInOwner();
    await env.DB.prepare("UPDATE businesses SET time_zone = 'Asia/Jerusalem' WHERE id = ?")
      .bind(owner.businessId)
      .run();
    // 22:30 UTC on 31 January is already 1 February in Jerusalem (UTC+2).
    await seedClient(owner.businessId, { name: "Late Night", createdAt: Date.UTC(2030, 0, 31, 22, 30) });
    const text = (await (await owner.api("/api/export/clients.csv")).text()).replace(/^\uFEFF/, "");
    expect(Papa.parse<string[]>(text).data[1][4]).toBe("2030-02-01");
  });

  it("bookings.csv has date, time, service, status, client name and phone, notes; the full export has everything", async () => {
    const owner = await signedInOwner();
    const clientId = await seedClient(owner.businessId, { name: "Maya", phone: "972521234567" });
    await seedBooking(owner.businessId, clientId, {
      service: "Haircut",
      bookingDate: "2030-01-15",
      bookingTime: "10:00",
      notes: "first visit",
      status: "completed",
    });
    const other = await signedInOwner();
    await seedClient(other.businessId, { name: "Not Mine" });
    const text = (await (await owner.api("/api/export/bookings.csv")).text()).replace(/^\uFEFF/, "");
    expect(Papa.parse(text).data).toEqual([
      ["Date", "Time", "Service", "Status", "Client", "Phone", "Notes"],
      ["2030-01-15", "10:00", "Haircut", "Completed", "Maya", "+972 52 123 4567", "first visit"],
    ]);
    const all = (await (await owner.api("/api/export/all.json")).json()) as FullExport;
    expect(all).toMatchObject({ format: "chatbook-export", business: { id: owner.businessId } });
    expect(all.clients.map((c: { name: string }) => c.name)).toEqual(["Maya"]);
    expect(all.bookings).toHaveLength(1);
    expect(Object.keys(all)).toEqual(expect.arrayContaining(["services", "rules", "messages"]));
    expect((await SELF_fetch("/api/export/clients.csv")).status).toBe(401);
  });
});

describe("the full export's messages", () => {
  it("says why a message was not sent in the reader's language, not as a stored key", async () => {
    const owner = await signedInOwner();
    const clientId = await seedClient(owner.businessId, { name: "Maya", phone: "972521234567" });
    const bookingId = await seedBooking(owner.businessId, clientId, {
      service: "Haircut",
      bookingDate: "2030-01-15",
      bookingTime: "10:00",
    });
    await seedRuleMessage(owner.businessId, bookingId, { status: "cancelled", lastError: "rules.reason.missed" });
    const reasons = async (lang: "en" | "he") => {
      const res = await owner.api("/api/export/all.json", { headers: { Cookie: `lang=${lang}` } });
      return ((await res.json()) as { messages: { last_error: string | null }[] }).messages.map((m) => m.last_error);
    };
    expect(await reasons("en")).toEqual(["Missed: not sent within 6 hours of its planned time."]);
    expect(await reasons("he")).toEqual(["הוחמץ: לא נשלח בתוך 6 שעות מהמועד המתוכנן."]);
  });

  it("reads reasons stored as English sentences before they were keys, once migration 0021 has made them keys", async () => {
    const owner = await signedInOwner();
    const clientId = await seedClient(owner.businessId, { name: "Maya", phone: "972521234567" });
    const bookingId = await seedBooking(owner.businessId, clientId, {
      service: "Haircut",
      bookingDate: "2030-01-15",
      bookingTime: "10:00",
    });
    const stored = [
      "The booking was deleted.",
      "WhatsApp refused the message (error 17).",
      "WhatsApp gateway 503 on POST /api/sendText: busy",
    ];
    const ids: string[] = [];
    for (const [i, lastError] of stored.entries())
      ids.push(
        (await seedRuleMessage(owner.businessId, bookingId, { status: "failed", lastError, sendAt: 1000 + i }))
          .messageId,
      );
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0021_"))!;
    for (const query of migration.queries) await env.DB.prepare(query).run();
    const kept = async (id: string) =>
      (await env.DB.prepare("SELECT last_error FROM scheduled_messages WHERE id = ?")
        .bind(id)
        .first<{ last_error: string }>())!.last_error;
    expect(await Promise.all(ids.map(kept))).toEqual([
      "rules.reason.bookingDeleted",
      '{"key":"rules.reason.refusedCode","params":{"code":17}}',
      "WhatsApp gateway 503 on POST /api/sendText: busy",
    ]);
    const res = await owner.api("/api/export/all.json", { headers: { Cookie: "lang=he" } });
    const reasons = ((await res.json()) as { messages: { last_error: string | null }[] }).messages.map(
      (m) => m.last_error,
    );
    expect(reasons).toEqual(
      expect.arrayContaining([
        "התור נמחק.",
        "וואטסאפ סירב להודעה (שגיאה 17).",
        "WhatsApp gateway 503 on POST /api/sendText: busy",
      ]),
    );
  });
});

const SELF_fetch = (path: string) =>
  import("cloudflare:test").then(({ SELF }) => SELF.fetch(`http://localhost${path}`));
