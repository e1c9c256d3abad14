import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~db";
import { clientsAction, clientsPage } from "../../app/routes/dashboard.clients/screen.server";
import { importAction } from "../../app/routes/dashboard.clients_.import/import.server";
import { bookingsAction, bookingsScreen } from "../../app/routes/dashboard.calendar/screen.server";
import { signedInOwner } from "../support/auth";
import { seedBooking, seedClient } from "../support/seed";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});
const row = (sql: string, ...args: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...args)
    .first<Record<string, unknown>>();

describe("Clients and Calendar screens", () => {
  it("render the owner's clients and bookings only", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const mine = await seedClient(owner.businessId, { name: "Noa Cohen", phone: "972541234567" });
    await seedClient(other.businessId, { name: "Secret Client" });
    await seedBooking(owner.businessId, mine, {
      bookingDate: new Date().toISOString().slice(0, 10),
      service: "Balayage",
    });
    const clients = await (await owner.page("/dashboard/clients")).text();
    expect(clients).toContain("Noa Cohen");
    expect(clients).toContain("+972 54 123 4567");
    expect(clients).not.toContain("Secret Client");
    const calendar = await (await owner.page("/dashboard/calendar")).text();
    expect(calendar).toContain("Balayage");
    expect(calendar).toContain("Search name or phone");
  });

  it("show 30 rows first and the rest a page at a time, each row once", async () => {
    const owner = await signedInOwner();
    const business = { id: owner.businessId, timeZone: "Asia/Jerusalem", country: "IL", workingHours: {} };
    const today = new Date().toISOString().slice(0, 10);
    for (let i = 0; i < 45; i++) {
      const client = await seedClient(owner.businessId, { name: `Client ${i}`, phone: `97250${String(1000000 + i)}` });
      await seedBooking(owner.businessId, client, {
        bookingDate: today,
        bookingTime: `${String(8 + (i % 10)).padStart(2, "0")}:${i < 30 ? "00" : "30"}`,
      });
    }
    const html = await (await owner.page("/dashboard/clients")).text();
    expect(html.match(/data-testid="client-row"/g)).toHaveLength(30);
    const db = createDb(env.DB);
    const first = await clientsPage(db, business, new URLSearchParams(), Date.now());
    expect(first.clients).toHaveLength(30);
    const rest = await clientsPage(db, business, new URLSearchParams({ cursor: first.next_cursor ?? "" }), Date.now());
    expect(rest.clients).toHaveLength(15);
    expect(rest.next_cursor).toBeNull();
    expect(new Set([...first.clients, ...rest.clients].map((c) => c.name)).size).toBe(45);

    const params = new URLSearchParams({ from: today, to: today });
    const bookings = await bookingsScreen(db, business, params, Date.now());
    if (!("view" in bookings)) throw new Error("not the screen's data");
    expect(bookings.bookings).toHaveLength(30);
    params.set("cursor", bookings.next_cursor ?? "");
    const more = await bookingsScreen(db, business, params, Date.now());
    if (!("view" in more)) throw new Error("not the screen's data");
    expect(more.bookings).toHaveLength(15);
  });

  it("answer a hand-edited bad query string with 400, not a crash", async () => {
    const owner = await signedInOwner();
    const clients = await owner.page("/dashboard/clients?from=nope");
    expect(clients.status).toBe(400);
    expect(await clients.text()).toContain("from must be a date as YYYY-MM-DD.");
    const calendar = await owner.page("/dashboard/calendar?limit=-1");
    expect(calendar.status).toBe(400);
    expect(await calendar.text()).toContain("limit must be a whole number");
    // The same problem, in the reader's language.
    const hebrew = await SELF.fetch("http://localhost/dashboard/clients?from=nope", {
      headers: { Cookie: `${owner.cookie}; lang=he` },
    });
    expect(hebrew.status).toBe(400);
    const html = await hebrew.text();
    expect(html).toContain("השדה from חייב להיות תאריך בתבנית YYYY-MM-DD.");
    expect(html).not.toContain("must be a date");
  });

  it("save through their forms, and leave another business's rows alone", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const theirs = await seedClient(other.businessId, { name: "Theirs" });
    const theirBooking = await seedBooking(other.businessId, theirs);

    expect(
      (
        await owner.page(
          "/dashboard/clients",
          form({ intent: "create", name: "Maya", phone: "052-555-1234", tags: "vip" }),
        )
      ).status,
    ).toBe(200);
    expect(await row("SELECT name, phone, tags FROM clients WHERE business_id = ?", owner.businessId)).toEqual({
      name: "Maya",
      phone: "972525551234",
      tags: '["vip"]',
    });
    expect((await owner.page("/dashboard/clients", form({ intent: "create", name: "", phone: "052" }))).status).toBe(
      400,
    );

    // Refused on a 200 answer with the not-found problem (the actions' own tests below check it); nothing changes.
    expect((await owner.page("/dashboard/clients", form({ intent: "update", id: theirs, name: "Mine" }))).status).toBe(
      200,
    );
    expect((await owner.page("/dashboard/clients", form({ intent: "delete", id: theirs }))).status).toBe(200);
    expect(
      (await owner.page("/dashboard/calendar", form({ intent: "update", id: theirBooking, status: "cancelled" })))
        .status,
    ).toBe(200);
    expect((await owner.page("/dashboard/calendar", form({ intent: "delete", id: theirBooking }))).status).toBe(200);
    expect(await row("SELECT name FROM clients WHERE id = ?", theirs)).toEqual({ name: "Theirs" });
    expect(await row("SELECT status FROM bookings WHERE id = ?", theirBooking)).toEqual({ status: "scheduled" });

    const created = await owner.page(
      "/dashboard/calendar",
      form({
        intent: "create",
        name: "Dan",
        phone: "0507654321",
        service: "Haircut",
        booking_date: "2030-02-01",
        booking_time: "09:30",
        notes: "",
      }),
    );
    expect(created.status).toBe(200);
    const booking = await row(
      "SELECT b.id, b.status, c.name FROM bookings b JOIN clients c ON c.id = b.client_id WHERE b.business_id = ?",
      owner.businessId,
    );
    expect(booking).toMatchObject({ status: "scheduled", name: "Dan" });
    expect(
      (await owner.page("/dashboard/calendar", form({ intent: "update", id: String(booking!.id), status: "no_show" })))
        .status,
    ).toBe(200);
    expect(await row("SELECT status FROM bookings WHERE id = ?", booking!.id)).toEqual({ status: "no_show" });
    expect(
      (
        await owner.page(
          "/dashboard/calendar",
          form({ intent: "update", id: String(booking!.id), booking_time: "9pm" }),
        )
      ).status,
    ).toBe(400);
  });
});

const formData = (fields: Record<string, string | File>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
/** What an action answered: its status and its body (Remix's data()). */
const answer = (result: unknown) => {
  const { data, init } = result as { data: Record<string, unknown>; init: { status?: number } | null };
  return { status: init?.status ?? 200, body: data };
};

describe("Clients and Calendar actions", () => {
  async function context() {
    const owner = await signedInOwner();
    const business = { id: owner.businessId, timeZone: "Asia/Jerusalem", country: "IL", workingHours: {} };
    const deps = { db: createDb(env.DB), env, now: Date.now() };
    return { owner, business, deps };
  }

  it("answer every failure as a problem (a message key), with field errors for the forms: 400 for a form its schema refuses, 200 for a service's refusal", async () => {
    const { owner, business, deps } = await context();
    const client = (fields: Record<string, string>) => clientsAction(deps, business, formData(fields)).then(answer);
    await seedClient(owner.businessId, { name: "Noa", phone: "972541234567" });
    const dana = await seedClient(owner.businessId, { name: "Dana", phone: "972507654321" });

    expect(await client({ intent: "create", name: "", phone: "" })).toMatchObject({
      status: 400,
      body: {
        ok: false,
        problem: { key: "clients.err.nameRequired" },
        reply: { error: { name: [{ key: "clients.err.nameRequired" }], phone: [{ key: "clients.err.phoneRule" }] } },
      },
    });
    expect(await client({ intent: "create", name: "Noa again", phone: "054-123-4567" })).toMatchObject({
      status: 200,
      body: {
        ok: false,
        problem: { key: "clients.err.duplicatePhone" },
        reply: { error: { phone: [{ key: "clients.err.duplicatePhone" }] } },
      },
    });
    expect(
      await client({ intent: "update", id: dana, name: "Dana", phone: "+972 54 123 4567", tags: "", notes: "" }),
    ).toMatchObject({
      status: 200,
      body: {
        problem: { key: "clients.err.duplicatePhone" },
        reply: { error: { phone: [{ key: "clients.err.duplicatePhone" }] } },
      },
    });
    expect(await client({ intent: "update", id: "gone", name: "X", phone: "0521234567" })).toMatchObject({
      status: 200,
      body: { problem: { key: "clients.err.notFound" } },
    });
    expect(await client({ intent: "delete", id: "gone" })).toMatchObject({
      status: 200,
      body: { problem: { key: "clients.err.notFound" } },
    });
    expect(await client({ intent: "bogus" })).toMatchObject({
      status: 400,
      body: { problem: { key: "problem.unknownAction" } },
    });

    const booking = (fields: Record<string, string>) => bookingsAction(deps, business, formData(fields)).then(answer);
    expect(
      await booking({ intent: "create", name: "Maya", phone: "", service: "", booking_date: "", booking_time: "" }),
    ).toMatchObject({
      status: 400,
      body: {
        problem: { key: "clients.err.phoneRequired" },
        reply: { error: { phone: [{ key: "clients.err.phoneRequired" }] } },
      },
    });
    const id = await seedBooking(owner.businessId, dana);
    expect(await booking({ intent: "update", id, booking_time: "9pm" })).toMatchObject({
      status: 400,
      body: { problem: { key: "bookings.err.timeFormat" } },
    });
    // Deleted meanwhile (with its client): the edit and the move say the booking is gone.
    await client({ intent: "delete", id: dana });
    expect(
      await booking({
        intent: "edit",
        id,
        service: "Cut",
        booking_date: "2030-01-01",
        booking_time: "10:00",
        notes: "",
      }),
    ).toMatchObject({
      status: 200,
      body: { problem: { key: "bookings.err.notFound" }, reply: { error: { "": [{ key: "bookings.err.notFound" }] } } },
    });
    expect(await booking({ intent: "update", id, booking_date: "2030-01-02" })).toMatchObject({
      status: 200,
      body: { problem: { key: "bookings.err.notFound" } },
    });
    expect(await booking({ intent: "delete", id })).toMatchObject({
      status: 200,
      body: { problem: { key: "bookings.err.notFound" } },
    });
  });

  it("a calendar drag onto another booking saves nothing until the owner answers Move anyway (book_anyway=1), which saves it with the overlaps", async () => {
    const { owner, business, deps } = await context();
    const noa = await seedClient(owner.businessId, { name: "Noa Cohen", phone: "972541234567" });
    const maya = await seedClient(owner.businessId, { name: "Maya", phone: "972507654321" });
    await seedBooking(owner.businessId, noa, { bookingDate: "2030-01-15", bookingTime: "17:00", durationMinutes: 45 });
    const id = await seedBooking(owner.businessId, maya, { bookingDate: "2030-01-15", bookingTime: "10:00" });
    const move = (fields: Record<string, string>) =>
      bookingsAction(
        deps,
        business,
        formData({ intent: "update", id, booking_date: "2030-01-15", booking_time: "17:30", ...fields }),
      ).then(answer);
    const where = async () =>
      (
        await env.DB.prepare("SELECT booking_time FROM bookings WHERE id = ?")
          .bind(id)
          .first<{ booking_time: string }>()
      )?.booking_time;
    // The drop: refused with what is in the way (the dialog lists it); Keep it where it was sends nothing more.
    expect(await move({})).toMatchObject({
      status: 200,
      body: {
        ok: false,
        problem: { key: "timebook.notFree" },
        conflicts: [{ client_name: "Noa Cohen", booking_time: "17:00", end_time: "17:45" }],
      },
    });
    expect(await where()).toBe("10:00");
    // Move anyway: the same move with book_anyway=1.
    expect(await move({ book_anyway: "1" })).toMatchObject({
      status: 200,
      body: { ok: true, booking: { booking_time: "17:30" }, conflicts: [{ client_name: "Noa Cohen" }] },
    });
    expect(await where()).toBe("17:30");
  });

  it("the list's edit moves a booking to another member's calendar, and an empty choice leaves it where it is", async () => {
    const { owner, business, deps } = await context();
    const yossi = (
      await (
        await owner.api("/api/team", { method: "POST", json: { name: "Yossi" } })
      ).json<{ member: { id: string } }>()
    ).member;
    const dana = await seedClient(owner.businessId, { name: "Dana", phone: "972507654321" });
    const id = await seedBooking(owner.businessId, dana);
    const edit = (member_id: string) =>
      bookingsAction(
        deps,
        business,
        formData({
          intent: "edit",
          id,
          service: "Haircut",
          booking_date: "2030-01-15",
          booking_time: "10:00",
          notes: "",
          member_id,
        }),
      ).then(answer);
    const memberOf = () =>
      env.DB.prepare("SELECT member_id FROM bookings WHERE id = ?").bind(id).first<string>("member_id");
    const first = await memberOf();
    expect(await edit("")).toMatchObject({ status: 200, body: { ok: true } });
    expect(await memberOf()).toBe(first);
    expect(await edit(yossi.id)).toMatchObject({
      status: 200,
      body: { ok: true, booking: { member_id: yossi.id, member_name: "Yossi" } },
    });
    expect(await memberOf()).toBe(yossi.id);
  });

  it("the Import modal gets file problems and row problems as keys with the row number", async () => {
    const { business, deps } = await context();
    const upload = (intent: string, file?: File) =>
      importAction(deps, business, formData(file ? { intent, file } : { intent })).then(answer);
    expect(await upload("bogus")).toMatchObject({ status: 400, body: { problem: { key: "problem.unknownAction" } } });
    expect(await upload("import-preview")).toMatchObject({
      status: 200,
      body: { ok: false, problem: { key: "import.err.choose" } },
    });
    expect(await upload("import-preview", new File(["\n"], "empty.csv", { type: "text/csv" }))).toMatchObject({
      status: 200,
      body: { problem: { key: "import.err.empty" } },
    });
    expect(await upload("import-preview", new File(["{}"], "x.json", { type: "application/json" }))).toMatchObject({
      status: 200,
      body: { problem: { key: "import.err.format" } },
    });
    const csv = new File(
      [`name,phone\nMaya,0521234567\n,0521234568\nNo Phone,\nBad,abc\n${"x".repeat(201)},0521234569\n`],
      "clients.csv",
      {
        type: "text/csv",
      },
    );
    const preview = await upload("import-preview", csv);
    expect(preview.body).toMatchObject({ ok: true, preview: { fresh: 1, invalid: 4 } });
    expect((preview.body.preview as { errors: unknown[] }).errors).toMatchObject([
      { row: 3, key: "import.err.noName", params: { columns: '"name"' } },
      { row: 4, key: "import.err.noPhone", params: { columns: '"phone"' } },
      { row: 5, key: "import.err.notNumber", params: { value: "abc", column: "phone" } },
      { row: 6, key: "clients.err.nameTooLong", params: { max: 200 } },
    ]);
    const columns = await upload("import-preview", new File(["colour,size\nred,L\n"], "x.csv", { type: "text/csv" }));
    expect(columns.body).toMatchObject({ ok: true, preview: { errors: [{ row: 1, key: "import.err.noColumns" }] } });
  });
});
