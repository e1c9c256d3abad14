import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { seedBooking, seedClient } from "../support/seed";
import { localDate } from "../../app/utils/time-zone";
import { addDays } from "../../app/utils/dates";

type ClientJson = {
  id: string;
  name: string;
  phone: string;
  tags: string[];
  notes: string;
  last_visit: string | null;
  last_service: string | null;
  profile_picture: string | null;
};
const body = async (res: Response) =>
  (await res.json()) as Record<string, unknown> & {
    clients: ClientJson[];
    client: ClientJson;
    next_cursor: string | null;
  };
const today = () => localDate(Date.now(), "Asia/Jerusalem");

describe("POST /api/clients", () => {
  it("adds a client with a normalized phone and answers it", async () => {
    const owner = await signedInOwner();
    const res = await owner.api("/api/clients", {
      method: "POST",
      json: { name: "  Noa Cohen ", phone: "054-123-4567", tags: "vip, color ,vip", notes: "Likes tea" },
    });
    expect(res.status).toBe(201);
    const data = await body(res);
    expect(data.success).toBe(true);
    expect(data.client).toMatchObject({
      name: "Noa Cohen",
      phone: "972541234567",
      tags: ["vip", "color"],
      notes: "Likes tea",
      last_visit: null,
      last_service: null,
      profile_picture: null,
    });
    const list = await body(await owner.api("/api/clients"));
    expect(list.clients.map((c) => c.id)).toEqual([data.client.id]);
  });

  it("accepts tags as an array and refuses the same person typed another way", async () => {
    const owner = await signedInOwner();
    expect(
      (
        await owner.api("/api/clients", {
          method: "POST",
          json: { name: "Noa", phone: "+972541234567", tags: ["a", "b"] },
        })
      ).status,
    ).toBe(201);
    const dup = await owner.api("/api/clients", { method: "POST", json: { name: "Noa again", phone: "0541234567" } });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({
      success: false,
      detail: "A client with this phone number already exists.",
      error: "A client with this phone number already exists.",
      key: "clients.err.duplicatePhone",
    });
  });

  it("gives the spec's messages for a missing name and a bad phone", async () => {
    const owner = await signedInOwner();
    const cases: [unknown, string][] = [
      [{ phone: "0541234567" }, "Name is required"],
      [{ name: "   ", phone: "0541234567" }, "Name is required"],
      [{ name: "Noa" }, "Phone must contain digits (optionally starts with +)"],
      [{ name: "Noa", phone: "12345" }, "Phone must contain digits (optionally starts with +)"],
      [{ name: "Noa", phone: "05x1234567" }, "Phone must contain digits (optionally starts with +)"],
    ];
    for (const [json, message] of cases) {
      const res = await owner.api("/api/clients", { method: "POST", json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toBe(message);
    }
  });

  it("refuses bad input with a 4xx and a message, never a 500, and writes nothing", async () => {
    const owner = await signedInOwner();
    const huge = "x".repeat(10_000);
    const bad: [RequestInit & { json?: unknown }, number, RegExp][] = [
      [{ method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } }, 400, /not valid JSON/],
      [{ method: "POST", json: [1, 2] }, 400, /JSON object/],
      [{ method: "POST", json: "hello" }, 400, /JSON object/],
      [{ method: "POST", json: { name: 42, phone: "0541234567" } }, 400, /Name must be text/],
      [{ method: "POST", json: { name: "Noa", phone: 541234567 } }, 400, /Phone must be text/],
      [{ method: "POST", json: { name: "Noa", phone: "0541234567", tags: 5 } }, 400, /tags/],
      [{ method: "POST", json: { name: "Noa", phone: "0541234567", tags: [1] } }, 400, /tags/],
      [{ method: "POST", json: { name: huge, phone: "0541234567" } }, 400, /too long/],
      [{ method: "POST", json: { name: "Noa", phone: huge } }, 400, /too long|Phone/],
      [{ method: "POST", json: { name: "Noa", phone: "0541234567", notes: huge } }, 400, /too long/],
      [{ method: "POST", json: { name: "Noa", phone: "0541234567", tags: [huge] } }, 400, /too long/],
      [
        { method: "POST", body: "name=Noa", headers: { "Content-Type": "application/x-www-form-urlencoded" } },
        415,
        /JSON/,
      ],
      [{ method: "POST", json: { name: "x".repeat(70_000) } }, 413, /too large/],
    ];
    for (const [init, status, message] of bad) {
      const res = await owner.api("/api/clients", init);
      expect(res.status, String(init.body ?? JSON.stringify(init.json)).slice(0, 60)).toBe(status);
      const data = (await res.json()) as { success: boolean; detail: string };
      expect(data.success).toBe(false);
      expect(data.detail).toMatch(message);
    }
    const count = await env.DB.prepare("SELECT count(*) AS n FROM clients WHERE business_id = ?")
      .bind(owner.businessId)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("needs a signed-in owner", async () => {
    const res = await SELF.fetch("http://localhost/api/clients", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(401);
    expect((await SELF.fetch("http://localhost/api/clients")).status).toBe(401);
  });

  it("accepts the session cookie as well as the bearer token", async () => {
    const owner = await signedInOwner();
    const res = await owner.page("/api/clients");
    expect(res.status).toBe(200);
    expect((await body(res)).success).toBe(true);
  });
});

describe("GET /api/clients", () => {
  it("derives last visit and last service from past bookings that were not cancelled or missed", async () => {
    const owner = await signedInOwner();
    const id = await seedClient(owner.businessId, { name: "Maya" });
    await seedBooking(owner.businessId, id, {
      bookingDate: addDays(today(), -30),
      service: "Coloring",
      status: "completed",
    });
    await seedBooking(owner.businessId, id, {
      bookingDate: addDays(today(), -10),
      service: "Haircut",
      status: "scheduled",
    });
    await seedBooking(owner.businessId, id, {
      bookingDate: addDays(today(), -5),
      service: "Nails",
      status: "cancelled",
    });
    await seedBooking(owner.businessId, id, { bookingDate: addDays(today(), -2), service: "Brows", status: "no_show" });
    await seedBooking(owner.businessId, id, {
      bookingDate: addDays(today(), 7),
      service: "Future",
      status: "scheduled",
    });
    const [client] = (await body(await owner.api("/api/clients"))).clients;
    expect(client).toMatchObject({ last_visit: addDays(today(), -10), last_service: "Haircut" });
  });

  it("lists newest first a page at a time, with a cursor to load more", async () => {
    const owner = await signedInOwner();
    for (let i = 0; i < 5; i++) await seedClient(owner.businessId, { name: `Client ${i}`, createdAt: 1_000 + i });
    const first = await body(await owner.api("/api/clients?limit=2"));
    expect(first.clients.map((c) => c.name)).toEqual(["Client 4", "Client 3"]);
    const second = await body(await owner.api(`/api/clients?limit=2&cursor=${first.next_cursor}`));
    expect(second.clients.map((c) => c.name)).toEqual(["Client 2", "Client 1"]);
    const third = await body(await owner.api(`/api/clients?limit=2&cursor=${second.next_cursor}`));
    expect(third.clients.map((c) => c.name)).toEqual(["Client 0"]);
    expect(third.next_cursor).toBeNull();
  });

  it("derives last visits for a page larger than D1's 100 bound parameters", async () => {
    const owner = await signedInOwner();
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) ids.push(await seedClient(owner.businessId, { name: `C${i}`, createdAt: 1_000 + i }));
    await seedBooking(owner.businessId, ids[0], {
      bookingDate: addDays(today(), -1),
      service: "Oldest client's visit",
    });
    const page = await body(await owner.api("/api/clients?limit=200"));
    expect(page.clients).toHaveLength(120);
    expect(page.clients[119]).toMatchObject({ name: "C0", last_service: "Oldest client's visit" });
  });

  it("searches name or phone case-insensitively, a local number included", async () => {
    const owner = await signedInOwner();
    await seedClient(owner.businessId, { name: "Noa Cohen", phone: "972541234567" });
    await seedClient(owner.businessId, { name: "Dana 100%", phone: "972509999999" });
    const names = async (q: string) =>
      (await body(await owner.api(`/api/clients?q=${encodeURIComponent(q)}`))).clients.map((c) => c.name);
    expect(await names("noa")).toEqual(["Noa Cohen"]);
    expect(await names("054-123")).toEqual(["Noa Cohen"]);
    expect(await names("+97254")).toEqual(["Noa Cohen"]);
    expect(await names("100%")).toEqual(["Dana 100%"]);
    expect(await names("%")).toEqual(["Dana 100%"]);
    expect(await names("nobody")).toEqual([]);
  });

  it("filters on last visit with from and to", async () => {
    const owner = await signedInOwner();
    const recent = await seedClient(owner.businessId, { name: "Recent" });
    const old = await seedClient(owner.businessId, { name: "Old" });
    const returned = await seedClient(owner.businessId, { name: "Returned" });
    await seedClient(owner.businessId, { name: "Never" });
    await seedBooking(owner.businessId, recent, { bookingDate: addDays(today(), -3) });
    await seedBooking(owner.businessId, recent, { bookingDate: addDays(today(), 5) });
    await seedBooking(owner.businessId, old, { bookingDate: addDays(today(), -90) });
    await seedBooking(owner.businessId, old, { bookingDate: addDays(today(), -10), status: "cancelled" });
    await seedBooking(owner.businessId, returned, { bookingDate: addDays(today(), -90) });
    await seedBooking(owner.businessId, returned, { bookingDate: addDays(today(), -4) });
    const names = async (qs: string) =>
      (await body(await owner.api(`/api/clients?${qs}`))).clients.map((c) => c.name).sort();
    expect(await names(`from=${addDays(today(), -7)}`)).toEqual(["Recent", "Returned"]);
    // Returned came back since: their last visit is not in the range.
    expect(await names(`to=${addDays(today(), -30)}`)).toEqual(["Old"]);
    expect(await names(`from=${addDays(today(), -100)}&to=${addDays(today(), -50)}`)).toEqual(["Old"]);
    expect(await names(`from=${addDays(today(), -100)}&to=${today()}`)).toEqual(["Old", "Recent", "Returned"]);
    expect(await names(`from=${addDays(today(), 1)}`)).toEqual([]);
  });

  it("answers bad query strings with a 400 and a message", async () => {
    const owner = await signedInOwner();
    for (const [qs, message] of [
      ["from=yesterday", /from must be a date/],
      ["to=2024-02-30", /to must be a date/],
      ["from=2024-05-01&to=2024-04-01", /from must not be after to/],
      ["limit=0", /limit/],
      ["limit=abc", /limit/],
      ["limit=100000", /limit/],
      ["cursor=%%%", /cursor/],
      ["cursor=WzEsMl0", /cursor/],
      [`q=${"x".repeat(10_000)}`, /too long/],
    ] as const) {
      const res = await owner.api(`/api/clients?${qs}`);
      expect(res.status, qs.slice(0, 40)).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toMatch(message);
    }
  });

  it("never shows another business's clients", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    await seedClient(other.businessId, { name: "Secret", phone: "972541111111" });
    expect((await body(await owner.api("/api/clients"))).clients).toEqual([]);
    expect((await body(await owner.api("/api/clients?q=Secret"))).clients).toEqual([]);
  });
});

describe("PATCH and DELETE /api/clients/{id}", () => {
  it("edits name, phone, tags and notes", async () => {
    const owner = await signedInOwner();
    const id = await seedClient(owner.businessId, { name: "Noa", phone: "972541234567" });
    const res = await owner.api(`/api/clients/${id}`, {
      method: "PATCH",
      json: { name: "Noa Levi", phone: "050-765-4321", tags: ["vip"], notes: "Allergic to latex" },
    });
    expect(res.status).toBe(200);
    const data = await body(res);
    expect(data).toMatchObject({ success: true, detail: "Client updated." });
    expect(data.client).toMatchObject({
      id,
      name: "Noa Levi",
      phone: "972507654321",
      tags: ["vip"],
      notes: "Allergic to latex",
    });
    const partial = await body(await owner.api(`/api/clients/${id}`, { method: "PATCH", json: { notes: "" } }));
    expect(partial.client).toMatchObject({ name: "Noa Levi", notes: "" });
  });

  it("refuses a phone that another client already has, an empty name and an empty body", async () => {
    const owner = await signedInOwner();
    const id = await seedClient(owner.businessId, { phone: "972541234567" });
    await seedClient(owner.businessId, { phone: "972507654321" });
    const cases: [unknown, number, string][] = [
      [{ phone: "0507654321" }, 409, "A client with this phone number already exists."],
      [{ name: "" }, 400, "Name is required"],
      [{ phone: "abc" }, 400, "Phone must contain digits (optionally starts with +)"],
      [{}, 400, "Send at least one of name, phone, tags, notes."],
      [{ notes: "x".repeat(10_000) }, 400, "Notes is too long (max 2000 characters)."],
    ];
    for (const [json, status, detail] of cases) {
      const res = await owner.api(`/api/clients/${id}`, { method: "PATCH", json });
      expect(res.status).toBe(status);
      expect(((await res.json()) as { detail: string }).detail).toBe(detail);
    }
    expect(
      (
        await owner.api(`/api/clients/${id}`, {
          method: "PATCH",
          body: "{",
          headers: { "Content-Type": "application/json" },
        })
      ).status,
    ).toBe(400);
  });

  it("deletes a client and their bookings", async () => {
    const owner = await signedInOwner();
    const id = await seedClient(owner.businessId);
    await seedBooking(owner.businessId, id);
    const res = await owner.api(`/api/clients/${id}`, { method: "DELETE" });
    expect(await res.json()).toEqual({ success: true, detail: "Client deleted." });
    expect((await owner.api(`/api/clients/${id}`, { method: "DELETE" })).status).toBe(404);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE client_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("answers another business's client with 404 and changes nothing", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const id = await seedClient(other.businessId, { name: "Theirs", phone: "972541111111" });
    await seedBooking(other.businessId, id);
    for (const init of [
      { method: "GET" },
      { method: "PATCH", json: { name: "Mine now" } },
      { method: "PATCH", json: { name: "" } },
      { method: "DELETE" },
    ]) {
      const res = await owner.api(`/api/clients/${id}`, init);
      expect(res.status, init.method).toBe(404);
      expect(((await res.json()) as { detail: string }).detail).toBe("Client not found.");
    }
    const row = await env.DB.prepare("SELECT name FROM clients WHERE id = ?").bind(id).first<{ name: string }>();
    expect(row?.name).toBe("Theirs");
    const bookings = await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE client_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(bookings?.n).toBe(1);
  });

  it("answers other methods with 405", async () => {
    const owner = await signedInOwner();
    expect((await owner.api("/api/clients", { method: "PUT", json: {} })).status).toBe(405);
    expect((await owner.api("/api/clients/x", { method: "POST", json: {} })).status).toBe(405);
  });
});
