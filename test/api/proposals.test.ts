import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { storeProposals, type ProposalItem } from "../../app/services/proposals/store.server";
import { signedInOwner } from "../support/auth";
import { db, seedClient } from "../support/seed";
import { count, HAIRCUT_ASK, save, seedContact, type Owner } from "../support/sync";

type ProposalJson = {
  id: string;
  kind: string;
  booking_id: string | null;
  from: { date: string; time: string } | null;
  minutes: number | null;
  client_name: string;
  client_phone: string;
  service: string;
  date: string;
  time: string;
  notes: string;
  quote: string;
  created_at: number;
};
type Failure = { success: false; detail: string; key: string };
type Contact = Awaited<ReturnType<typeof seedContact>>;

const haircut: ProposalItem = {
  service: "Haircut",
  date: "2031-05-20",
  time: "17:00",
  notes: "fringe",
  quote: HAIRCUT_ASK,
};

/** What the live trigger will do once a chat has been read: the extractor's items stored for the chat. */
async function propose(owner: Owner, contact: Contact, items: ProposalItem[], now = Date.now()) {
  const chat = { chatId: contact.chatId, phone: contact.phone, name: "Noa Cohen" };
  return storeProposals(db(), { id: owner.businessId, country: "IL" }, chat, items, now);
}
async function proposeOne(owner: Owner, item: ProposalItem = haircut, now?: number) {
  const contact = await seedContact(owner.businessId, { name: "Noa Cohen" });
  const [proposal] = await propose(owner, contact, [item], now);
  return { contact, proposal };
}
const list = async (owner: Owner) =>
  (await owner.api("/api/proposals")).json<{ success: boolean; proposals: ProposalJson[] }>();
const accept = (owner: Owner, id: string, json?: unknown) =>
  owner.api(`/api/proposals/${id}/accept`, { method: "POST", ...(json === undefined ? {} : { json }) });
const dismiss = (owner: Owner, id: string) => owner.api(`/api/proposals/${id}/dismiss`, { method: "POST" });
const bookingsOf = (businessId: string) =>
  env.DB.prepare(
    "SELECT id, client_id, service, booking_date, booking_time, notes, status, source FROM bookings WHERE business_id = ?",
  )
    .bind(businessId)
    .all<Record<string, unknown>>()
    .then((r) => r.results);
const statusOf = async (id: string) =>
  (await env.DB.prepare("SELECT status, booking_id FROM proposals WHERE id = ?")
    .bind(id)
    .first<{ status: string; booking_id: string | null }>())!;

describe("GET /api/proposals", () => {
  it("needs a signed-in owner, and takes the session cookie as well as the bearer token", async () => {
    expect((await SELF.fetch("http://localhost/api/proposals")).status).toBe(401);
    expect((await SELF.fetch("http://localhost/api/proposals/x/accept", { method: "POST" })).status).toBe(401);
    expect((await SELF.fetch("http://localhost/api/proposals/x/dismiss", { method: "POST" })).status).toBe(401);
    const owner = await signedInOwner();
    const { proposal } = await proposeOne(owner);
    const res = await owner.page("/api/proposals");
    expect(res.status).toBe(200);
    expect((await res.json<{ proposals: ProposalJson[] }>()).proposals.map((p) => p.id)).toEqual([proposal.id]);
    const accepted = await owner.page(`/api/proposals/${proposal.id}/accept`, { method: "POST" });
    expect(accepted.status).toBe(200);
  });

  it("lists the business's open proposals with the spec's fields, newest first, and no one else's", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const contact = await seedContact(owner.businessId, { name: "Noa Cohen" });
    const older = await propose(owner, contact, [haircut], 1_000);
    const newer = await propose(owner, contact, [{ ...haircut, service: "Coloring", time: "18:00", notes: "" }], 2_000);
    const together = await propose(
      owner,
      contact,
      [
        { ...haircut, date: "2031-05-21" },
        { ...haircut, date: "2031-05-22" },
      ],
      3_000,
    );
    await proposeOne(other);

    const body = await list(owner);
    expect(body.success).toBe(true);
    // Stored together: the one stored second first, as storeProposals answers them too.
    expect(together.map((p) => p.date)).toEqual(["2031-05-22", "2031-05-21"]);
    expect(body.proposals.map((p) => p.id)).toEqual([together[0].id, together[1].id, newer[0].id, older[0].id]);
    expect(body.proposals[3]).toEqual({
      id: older[0].id,
      kind: "booking",
      booking_id: null,
      from: null,
      minutes: null,
      client_name: "Noa Cohen",
      client_phone: contact.phone,
      service: "Haircut",
      date: "2031-05-20",
      time: "17:00",
      notes: "fringe",
      quote: HAIRCUT_ASK,
      created_at: 1_000,
    });
    // Accepted and dismissed ones leave the list.
    await accept(owner, older[0].id);
    await dismiss(owner, newer[0].id);
    expect((await list(owner)).proposals.map((p) => p.id)).toEqual([together[0].id, together[1].id]);
  });

  it("names a known number by the client's own name", async () => {
    const owner = await signedInOwner();
    const contact = await seedContact(owner.businessId, { name: "noa (wa)" });
    await seedClient(owner.businessId, { name: "Noa Levi", phone: contact.phone! });
    await propose(owner, contact, [haircut]);
    expect((await list(owner)).proposals).toEqual([expect.objectContaining({ client_name: "Noa Levi" })]);
  });

  it("answers other methods with 405", async () => {
    const owner = await signedInOwner();
    const { proposal } = await proposeOne(owner);
    expect((await owner.api("/api/proposals", { method: "POST", json: {} })).status).toBe(405);
    expect((await owner.api(`/api/proposals/${proposal.id}/accept`)).status).toBe(405);
    expect((await owner.api(`/api/proposals/${proposal.id}/dismiss`)).status).toBe(405);
    expect((await owner.api(`/api/proposals/${proposal.id}/accept`, { method: "PUT", json: {} })).status).toBe(405);
    expect((await statusOf(proposal.id)).status).toBe("open");
  });
});

describe("POST /api/proposals/{id}/accept", () => {
  it("creates the client and the booking as Sync's save does, and marks the proposal accepted", async () => {
    const owner = await signedInOwner();
    const { contact, proposal } = await proposeOne(owner);
    const res = await accept(owner, proposal.id);
    expect(res.status).toBe(200);
    const { success, booking_id } = await res.json<{ success: boolean; booking_id: string }>();
    expect(success).toBe(true);
    expect(await statusOf(proposal.id)).toEqual({ status: "accepted", booking_id });

    const client = await env.DB.prepare("SELECT id, name FROM clients WHERE business_id = ? AND phone = ?")
      .bind(owner.businessId, contact.phone)
      .first();
    expect(client).toMatchObject({ name: "Noa Cohen" });
    expect(await bookingsOf(owner.businessId)).toEqual([
      {
        id: booking_id,
        client_id: client!.id,
        service: "Haircut",
        booking_date: "2031-05-20",
        booking_time: "17:00",
        notes: "fringe",
        status: "scheduled",
        source: "sync",
      },
    ]);
    // The calendar's own call shows it.
    const listed = await (
      await owner.api("/api/bookings")
    ).json<{ bookings: { id: string; client_name: string; client_phone: string }[] }>();
    expect(listed.bookings).toEqual([
      expect.objectContaining({ id: booking_id, client_name: "Noa Cohen", client_phone: contact.phone }),
    ]);
  });

  it("books a known number under the existing client, creating no other", async () => {
    const owner = await signedInOwner();
    const contact = await seedContact(owner.businessId, { name: "noa (wa)" });
    const clientId = await seedClient(owner.businessId, { name: "Noa Levi", phone: contact.phone! });
    const [proposal] = await propose(owner, contact, [haircut]);
    expect((await accept(owner, proposal.id)).status).toBe(200);
    expect(await bookingsOf(owner.businessId)).toEqual([expect.objectContaining({ client_id: clientId })]);
    expect(await count("SELECT count(*) AS n FROM clients WHERE business_id = ?", owner.businessId)).toBe(1);
    expect(
      await count("SELECT count(*) AS n FROM clients WHERE business_id = ? AND name = 'Noa Levi'", owner.businessId),
    ).toBe(1);
  });

  it("applies the corrections sent with it; fields left out keep the proposal's", async () => {
    const owner = await signedInOwner();
    const { proposal } = await proposeOne(owner);
    const res = await accept(owner, proposal.id, {
      service: " Coloring ",
      date: "2031-05-21",
      time: "9:05:00",
      notes: "",
      extra: "ignored",
    });
    expect(res.status).toBe(200);
    expect(await bookingsOf(owner.businessId)).toEqual([
      expect.objectContaining({ service: "Coloring", booking_date: "2031-05-21", booking_time: "09:05", notes: "" }),
    ]);

    const second = await proposeOne(owner, { ...haircut, date: "2031-06-01" });
    expect((await accept(owner, second.proposal.id, { time: "18:30" })).status).toBe(200);
    expect(await bookingsOf(owner.businessId)).toContainEqual(
      expect.objectContaining({
        service: "Haircut",
        booking_date: "2031-06-01",
        booking_time: "18:30",
        notes: "fringe",
      }),
    );
  });

  it("refuses a second accept, and an accept of a dismissed proposal, without a second booking", async () => {
    const owner = await signedInOwner();
    const { proposal } = await proposeOne(owner);
    const first = await (await accept(owner, proposal.id)).json<{ booking_id: string }>();
    for (const body of [undefined, { time: "19:00" }]) {
      const again = await accept(owner, proposal.id, body);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({
        success: false,
        detail: "This proposal was already accepted.",
        key: "proposals.err.alreadyAccepted",
      });
    }
    expect(await bookingsOf(owner.businessId)).toEqual([expect.objectContaining({ id: first.booking_id })]);
    expect(await statusOf(proposal.id)).toEqual({ status: "accepted", booking_id: first.booking_id });

    const dismissed = await proposeOne(owner, { ...haircut, date: "2031-07-01" });
    expect((await dismiss(owner, dismissed.proposal.id)).status).toBe(200);
    const refused = await accept(owner, dismissed.proposal.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      success: false,
      key: "proposals.err.dismissed",
      detail: "This proposal was dismissed, so it cannot be accepted.",
    });
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(1);
  });

  it("makes one booking when two accepts arrive at once, whatever each corrects", async () => {
    const owner = await signedInOwner();
    const { proposal } = await proposeOne(owner);
    const answers = await Promise.all([
      accept(owner, proposal.id, { time: "10:00" }),
      accept(owner, proposal.id, { time: "11:00" }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const bookings = await bookingsOf(owner.businessId);
    expect(bookings).toHaveLength(1);
    expect((await statusOf(proposal.id)).booking_id).toBe(bookings[0].id);
  });

  it("points at the booking the client already has instead of making it twice", async () => {
    const owner = await signedInOwner();
    const { contact, proposal } = await proposeOne(owner);
    // Saved from the Sync tab after it was proposed.
    await save(owner, { results: [{ user_id: contact.id, items: [{ ...haircut, service: "haircut" }] }] });
    const [saved] = await bookingsOf(owner.businessId);
    const res = await accept(owner, proposal.id);
    expect(await res.json()).toMatchObject({ success: true, booking_id: saved.id });
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(1);
    expect(await statusOf(proposal.id)).toEqual({ status: "accepted", booking_id: saved.id });
  });

  it("answers bad bodies with 400 and a clear detail, and changes nothing", async () => {
    const owner = await signedInOwner();
    const { proposal } = await proposeOne(owner);
    const cases: [unknown, string][] = [
      [null, "The request body must be a JSON object."],
      [[], "The request body must be a JSON object."],
      ["Haircut", "The request body must be a JSON object."],
      [{ service: "" }, "Service is required"],
      [{ service: "   " }, "Service is required"],
      [{ service: null }, "Service is required"],
      [{ service: 5 }, "Service must be text."],
      [{ service: "x".repeat(61) }, "Service name too long (max 60)."],
      [{ date: "2031-02-30" }, "Date must be a date as YYYY-MM-DD."],
      [{ date: "20/05/2031" }, "Date must be a date as YYYY-MM-DD."],
      [{ date: 20310520 }, "Date must be text."],
      [{ time: "25:00" }, "Time must be a time as HH:MM (24-hour)."],
      [{ time: "5pm" }, "Time must be a time as HH:MM (24-hour)."],
      [{ time: ["17:00"] }, "Time must be text."],
      [{ notes: "x".repeat(2001) }, "Notes is too long (max 2000 characters)."],
      [{ notes: { text: "x" } }, "Notes must be text."],
    ];
    for (const [json, detail] of cases) {
      const res = await accept(owner, proposal.id, json);
      expect(res.status, JSON.stringify(json).slice(0, 60)).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, detail });
    }
    const notJson = await owner.api(`/api/proposals/${proposal.id}/accept`, {
      method: "POST",
      body: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json<Failure>()).toMatchObject({ detail: "The request body is not valid JSON." });
    const text = await owner.api(`/api/proposals/${proposal.id}/accept`, {
      method: "POST",
      body: "hi",
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect(await statusOf(proposal.id)).toEqual({ status: "open", booking_id: null });
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM clients WHERE business_id = ?", owner.businessId)).toBe(0);
  });

  it("answers an unknown id with 404, whatever the body", async () => {
    const owner = await signedInOwner();
    for (const id of ["nope", "x".repeat(5000), encodeURIComponent("' OR 1=1 --")]) {
      for (const body of [undefined, { service: "" }]) {
        const res = await accept(owner, id, body);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({
          success: false,
          detail: "Proposal not found.",
          key: "proposals.err.notFound",
        });
      }
      expect((await dismiss(owner, id)).status).toBe(404);
    }
  });
});

describe("POST /api/proposals/{id}/dismiss", () => {
  it("dismisses it for good: the same booking is not proposed again", async () => {
    const owner = await signedInOwner();
    const { contact, proposal } = await proposeOne(owner);
    const res = await dismiss(owner, proposal.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect((await list(owner)).proposals).toEqual([]);
    expect(await propose(owner, contact, [haircut, { ...haircut, service: "HAIRCUT", time: "17:00:00" }])).toEqual([]);
    expect((await list(owner)).proposals).toEqual([]);
    // Dismissing again changes nothing.
    expect(await (await dismiss(owner, proposal.id)).json()).toEqual({ success: true });
    expect(await count("SELECT count(*) AS n FROM proposals WHERE business_id = ?", owner.businessId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(0);
  });

  it("refuses to dismiss an accepted proposal", async () => {
    const owner = await signedInOwner();
    const { proposal } = await proposeOne(owner);
    await accept(owner, proposal.id);
    const res = await dismiss(owner, proposal.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ success: false, key: "proposals.err.alreadyAccepted" });
    expect((await statusOf(proposal.id)).status).toBe("accepted");
  });
});

describe("another business's proposal", () => {
  it("is not found for accept or dismiss, is never listed, and stays as it was", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const { proposal } = await proposeOne(owner);
    for (const res of [
      await accept(other, proposal.id),
      await accept(other, proposal.id, { time: "10:00" }),
      await accept(other, proposal.id, { time: "bad" }),
      await dismiss(other, proposal.id),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({
        success: false,
        detail: "Proposal not found.",
        key: "proposals.err.notFound",
      });
    }
    expect(await list(other)).toEqual({ success: true, proposals: [] });
    expect(await statusOf(proposal.id)).toEqual({ status: "open", booking_id: null });
    expect(
      await count("SELECT count(*) AS n FROM bookings WHERE business_id IN (?, ?)", owner.businessId, other.businessId),
    ).toBe(0);
    expect(
      await count("SELECT count(*) AS n FROM clients WHERE business_id IN (?, ?)", owner.businessId, other.businessId),
    ).toBe(0);
    expect((await list(owner)).proposals.map((p) => p.id)).toEqual([proposal.id]);
  });
});

describe("a booking deleted after it was accepted", () => {
  it("leaves the proposal accepted, pointing nowhere, and it is not proposed again", async () => {
    const owner = await signedInOwner();
    const { contact, proposal } = await proposeOne(owner);
    const { booking_id } = await (await accept(owner, proposal.id)).json<{ booking_id: string }>();
    expect((await owner.api(`/api/bookings/${booking_id}`, { method: "DELETE" })).status).toBe(200);
    expect(await statusOf(proposal.id)).toEqual({ status: "accepted", booking_id: null });
    expect(await propose(owner, contact, [haircut])).toEqual([]);
  });
});
