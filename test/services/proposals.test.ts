import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~db";
import { acceptProposal, dismissProposal, listProposals } from "../../app/services/proposals/proposals.server";
import { storeProposals, type ProposalChat, type ProposalItem } from "../../app/services/proposals/store.server";
import { seedBooking, seedBusiness, seedClient } from "../support/seed";
import { count, HAIRCUT_ASK, seedContact } from "../support/sync";

const db = () => createDb(env.DB);
const NOW = Date.UTC(2031, 4, 19, 9);
const haircut: ProposalItem = { service: "Haircut", date: "2031-05-20", time: "17:00", notes: "", quote: HAIRCUT_ASK };

async function setup() {
  const { businessId } = await seedBusiness({ country: "IL" });
  const business = { id: businessId, country: "IL" };
  const contact = await seedContact(businessId, { name: " Noa Cohen " });
  const chat: ProposalChat = { chatId: contact.chatId, phone: contact.phone, name: " Noa Cohen " };
  return { business, contact, chat };
}

describe("storeProposals", () => {
  it("stores the chat's bookings as open proposals and returns them", async () => {
    const { business, contact, chat } = await setup();
    const stored = await storeProposals(
      db(),
      business,
      chat,
      [haircut, { ...haircut, service: "Coloring", time: "9:05", notes: " roots " }],
      NOW,
    );
    expect(stored).toEqual([
      {
        id: expect.any(String),
        kind: "booking",
        booking_id: null,
        from: null,
        minutes: null,
        client_name: "Noa Cohen",
        client_phone: contact.phone,
        service: "Coloring",
        date: "2031-05-20",
        time: "09:05",
        notes: "roots",
        quote: HAIRCUT_ASK,
        created_at: NOW,
      },
      {
        id: expect.any(String),
        kind: "booking",
        booking_id: null,
        from: null,
        minutes: null,
        client_name: "Noa Cohen",
        client_phone: contact.phone,
        service: "Haircut",
        date: "2031-05-20",
        time: "17:00",
        notes: "",
        quote: HAIRCUT_ASK,
        created_at: NOW,
      },
    ]);
    const row = await env.DB.prepare("SELECT chat_id, status, booking_id FROM proposals WHERE id = ?")
      .bind(stored[0].id)
      .first();
    expect(row).toEqual({ chat_id: contact.chatId, status: "open", booking_id: null });
  });

  it("skips a booking the number's client already has (service in any case, time to the minute)", async () => {
    const { business, contact, chat } = await setup();
    const clientId = await seedClient(business.id, { phone: contact.phone! });
    await seedBooking(business.id, clientId, {
      service: "haircut",
      bookingDate: "2031-05-20",
      bookingTime: "17:00:00",
      status: "cancelled",
    });
    const stored = await storeProposals(db(), business, chat, [haircut, { ...haircut, time: "18:00" }], NOW);
    expect(stored.map((p) => p.time)).toEqual(["18:00"]);
  });

  it("does not skip the same booking of another number or of another business", async () => {
    const { business, chat } = await setup();
    await seedBooking(business.id, await seedClient(business.id), { bookingDate: "2031-05-20", bookingTime: "17:00" });
    const other = await seedBusiness();
    await seedBooking(other.businessId, await seedClient(other.businessId, { phone: chat.phone! }), {
      bookingDate: "2031-05-20",
      bookingTime: "17:00",
    });
    expect(await storeProposals(db(), business, chat, [haircut], NOW)).toHaveLength(1);
  });

  it("never proposes the same booking twice: open, accepted or dismissed, or twice in one run", async () => {
    const { business, chat } = await setup();
    const items = [haircut, { ...haircut, date: "2031-05-21" }, { ...haircut, date: "2031-05-22" }];
    const [third, second, first] = await storeProposals(
      db(),
      business,
      chat,
      [...items, { ...haircut, service: "HAIRCUT " }],
      NOW,
    );
    expect([first.date, second.date, third.date]).toEqual(["2031-05-20", "2031-05-21", "2031-05-22"]);
    expect(await count("SELECT count(*) AS n FROM proposals WHERE business_id = ?", business.id)).toBe(3);

    await acceptProposal({ db: db(), env, now: NOW }, business, second.id);
    await dismissProposal(db(), business.id, third.id);
    expect(await storeProposals(db(), business, chat, items, NOW + 1)).toEqual([]);
    expect(await count("SELECT count(*) AS n FROM proposals WHERE business_id = ?", business.id)).toBe(3);
    expect((await listProposals(db(), business.id)).map((p) => p.id)).toEqual([first.id]);
  });

  it("stores a booking once when two runs over the chat store it at once", async () => {
    const { business, chat } = await setup();
    const runs = await Promise.all([1, 2, 3].map(() => storeProposals(db(), business, chat, [haircut], NOW)));
    expect(runs.flat()).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM proposals WHERE business_id = ?", business.id)).toBe(1);
  });

  it("leaves out items a booking could not be made of, and cuts long notes and quotes", async () => {
    const { business, chat } = await setup();
    const bad: ProposalItem[] = [
      { ...haircut, service: "  " },
      { ...haircut, service: "x".repeat(61) },
      { ...haircut, date: "2031-02-30" },
      { ...haircut, date: "tomorrow" },
      { ...haircut, time: "5pm" },
      { ...haircut, time: "24:00" },
    ];
    expect(await storeProposals(db(), business, chat, bad, NOW)).toEqual([]);
    const [long] = await storeProposals(
      db(),
      business,
      chat,
      [{ ...haircut, notes: "n".repeat(3000), quote: "q".repeat(3000) }],
      NOW,
    );
    expect([long.notes.length, long.quote.length]).toEqual([2000, 500]);
  });

  it("stores nothing for a chat whose number WhatsApp hides", async () => {
    const { business } = await setup();
    const hidden = await seedContact(business.id, { phone: null });
    expect(
      await storeProposals(db(), business, { chatId: hidden.chatId, phone: null, name: "Noa" }, [haircut], NOW),
    ).toEqual([]);
    expect(await count("SELECT count(*) AS n FROM proposals WHERE business_id = ?", business.id)).toBe(0);
  });
});

describe("acceptProposal", () => {
  it("makes no booking when the proposal is decided between its read and its write", async () => {
    const { business, chat } = await setup();
    const [proposal] = await storeProposals(db(), business, chat, [haircut], NOW);
    // Another request dismisses it just before this one's batch runs.
    const racing = new Proxy(env.DB, {
      get(target, name) {
        if (name === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            await target.prepare("UPDATE proposals SET status = 'dismissed' WHERE id = ?").bind(proposal.id).run();
            return target.batch(statements);
          };
        }
        const value: unknown = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await expect(
      acceptProposal({ db: db(), env: { ...env, DB: racing }, now: NOW }, business, proposal.id, { time: "18:00" }),
    ).rejects.toMatchObject({
      status: 409,
      problem: { key: "proposals.err.dismissed" },
    });
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", business.id)).toBe(0);
    const row = await env.DB.prepare("SELECT status, booking_id FROM proposals WHERE id = ?").bind(proposal.id).first();
    expect(row).toEqual({ status: "dismissed", booking_id: null });
  });
});
