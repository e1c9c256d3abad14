// The Sync tab's change cards: a reschedule (the booked time and the new one
// side by side), lateness ("Running 10 min late") and a cancellation ("Can't
// come"), each with the customer's words and the "Answer the customer"
// switch, in English and Hebrew; Accept from the card, with the switch on or
// off (the lateness note then shows on the booking the calendar opens), and
// the problems the screen translates.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~db";
import { offlineExtractor } from "../../app/providers/ai/offline";
import { syncScreenAction } from "../../app/routes/dashboard.sync/screen.server";
import { bookingsScreen } from "../../app/routes/dashboard.calendar/screen.server";
import { readChatForProposals } from "../../app/services/proposals/live.server";
import { signedInOwner } from "../support/auth";
import { shownHtml } from "../support/html";
import { seedBooking, seedClient } from "../support/seed";
import { addService, seedContact, type Owner } from "../support/sync";

type ProposalJson = { id: string; kind: string; client_name: string };

// Monday 14 January 2030, 09:00 in Jerusalem.
const NOW = Date.parse("2030-01-14T09:00:00+02:00");
const MOVE = "Hi, can we move it to Friday at 18:00 instead?";
const LATE = "So sorry, running 10 min late!";
const CANT = "היי, לא אוכל להגיע מחר, צריכה לבטל";

/** A client with a Haircut at `date` `time` who writes `text`; the chat read as the live trigger reads it. */
async function asks(owner: Owner, name: string, phone: string, date: string, time: string, text: string) {
  const client = await seedClient(owner.businessId, { name, phone });
  await seedBooking(owner.businessId, client, { service: "Haircut", bookingDate: date, bookingTime: time });
  const contact = await seedContact(owner.businessId, { name, phone, messages: [[false, text, NOW - 120_000]] });
  await readChatForProposals(env, owner.businessId, contact.chatId, 0, NOW, () => offlineExtractor);
}

async function ownerWithChanges() {
  // WhatsApp held: an answer waits for the sweep (nothing goes to the queue in these tests).
  const owner = await signedInOwner({ waStatus: "STARTING" });
  await addService(owner, "Haircut");
  await asks(owner, "Noa Cohen", "972541234567", "2030-01-17", "16:30", MOVE);
  await asks(owner, "Maya Azulay", "972541234568", "2030-01-14", "11:00", LATE);
  await asks(owner, "Dana Levi", "972541234569", "2030-01-15", "10:00", CANT);
  const { proposals } = await (await owner.api("/api/proposals")).json<{ proposals: ProposalJson[] }>();
  const of = (kind: string) => proposals.find((p) => p.kind === kind)!.id;
  return { owner, move: of("reschedule"), late: of("late"), cancel: of("cancel") };
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

async function act(owner: Owner, fields: Record<string, string>) {
  const business = { id: owner.businessId, timeZone: "Asia/Jerusalem", country: "IL", workingHours: {} };
  const res = await syncScreenAction({ db: createDb(env.DB), env, now: Date.now() }, business, form(fields));
  return { status: res.init?.status ?? 200, data: res.data as unknown as { ok: boolean; problem?: { key: string } } };
}

const syncPage = async (owner: Owner, lang: "en" | "he" = "en") =>
  shownHtml(
    await (
      await SELF.fetch("http://localhost/dashboard/sync", { headers: { Cookie: `${owner.cookie}; lang=${lang}` } })
    ).text(),
  );

/** One card's HTML, by the client's name. */
const cardOf = (html: string, name: string) => {
  const cards = html.split('data-testid="proposal-card"').slice(1);
  return (cards.find((c) => c.includes(name)) ?? "").split("</li>")[0];
};

const acks = (proposalId: string) =>
  env.DB.prepare("SELECT body FROM scheduled_messages WHERE kind = 'ack' AND ref = ?")
    .bind(proposalId)
    .all<{ body: string }>()
    .then((r) => r.results.map((a) => a.body));

describe("Sync tab: changes asked in the chat", () => {
  it("shows each change with the old and new time, the lateness, the cancellation, the words and the answer switch (English)", async () => {
    const { owner } = await ownerWithChanges();
    const html = await syncPage(owner);

    const move = cardOf(html, "Noa Cohen");
    expect(move).toContain("Asks to move the booking");
    expect(move).toMatch(
      /Booked for<\/dt><dd><span>Thursday, 17 January 2030<\/span> · <bdi dir="ltr">16:30<\/bdi><\/dd>/,
    );
    expect(move).toMatch(/New time<\/dt><dd><span>Friday, 18 January 2030<\/span> · <bdi dir="ltr">18:00<\/bdi><\/dd>/);
    expect(move).toContain(MOVE);
    expect(move).toContain(">Move</button>");
    expect(move).not.toContain("Edit");

    const late = cardOf(html, "Maya Azulay");
    expect(late).toContain("Running late");
    expect(late).toContain("Running 10 min late");
    expect(late).toContain("Monday, 14 January 2030");
    expect(late).toContain(LATE);
    expect(late).toContain(">Add a note</button>");

    const cancel = cardOf(html, "Dana Levi");
    expect(cancel).toContain("Can&#x27;t come");
    expect(cancel).toContain("Tuesday, 15 January 2030");
    expect(cancel).toContain(CANT);
    expect(cancel).toContain(">Cancel the booking</button>");
    expect(cancel).toContain('aria-label="Dismiss the change for Dana Levi"');

    // The switch: labelled, described, on by default, on every change card.
    for (const card of [move, late, cancel]) {
      expect(card).toMatch(
        /<input id="proposal-[^"]+-ack" type="checkbox" role="switch" aria-labelledby="proposal-[^"]+-ack-label"[^>]* checked=""\/>/,
      );
      expect(card).toContain("Answer the customer");
      expect(card).toContain("Sends a short reply in the customer&#x27;s language.");
    }
  });

  it("says it all in Hebrew, with no English words of its own", async () => {
    const { owner } = await ownerWithChanges();
    const he = await syncPage(owner, "he");
    const move = cardOf(he, "Noa Cohen");
    expect(move).toContain("מבקש/ת להזיז את התור");
    expect(move).toMatch(/התור עכשיו<\/dt><dd><span>יום חמישי, 17 בינואר 2030<\/span> · <bdi dir="ltr">16:30<\/bdi>/);
    expect(move).toMatch(/שעה חדשה<\/dt><dd><span>יום שישי, 18 בינואר 2030<\/span> · <bdi dir="ltr">18:00<\/bdi>/);
    expect(move).toContain(">להזיז</button>");
    expect(cardOf(he, "Maya Azulay")).toContain("מאחר/ת ב-10 דק׳");
    expect(cardOf(he, "Dana Levi")).toContain("לא יכול/ה להגיע");
    expect(he).toContain("לענות ללקוח/ה");
    expect(he).toContain('dir="rtl"');
    for (const english of [
      "Asks to move the booking",
      "Booked for",
      "New time",
      "Running",
      "Can&#x27;t come",
      "Answer the customer",
      ">Move<",
      "Add a note",
    ]) {
      expect(he).not.toContain(english);
    }
  });

  it("Accept applies the change and answers the customer unless the switch is off; again, it says it was accepted", async () => {
    const { owner, move, late, cancel } = await ownerWithChanges();
    expect(await act(owner, { intent: "proposal-accept", id: move })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect(await acks(move)).toEqual(["Done! Your Haircut is moved to Friday 18/1 at 18:00. See you then!"]);
    expect(await act(owner, { intent: "proposal-accept", id: late, ack: "0" })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect(await acks(late)).toEqual([]);
    // The note is on the booking as the calendar opens it.
    const maya = await env.DB.prepare("SELECT id FROM bookings WHERE business_id = ? AND booking_date = '2030-01-14'")
      .bind(owner.businessId)
      .first<{ id: string }>();
    const opened = await bookingsScreen(
      createDb(env.DB),
      { id: owner.businessId, timeZone: "Asia/Jerusalem", country: "IL" },
      new URLSearchParams({ booking: maya!.id }),
      NOW,
    );
    expect(opened).toMatchObject({
      kind: "booking",
      booking: { client_name: "Maya Azulay", booking_time: "11:00", notes: "Running 10 min late" },
    });
    expect(await act(owner, { intent: "proposal-accept", id: cancel, ack: "1" })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect(await acks(cancel)).toEqual([
      "בסדר, התור שלך ל-Haircut (יום שלישי 15/1 בשעה 10:00) בוטל. נשמח לראות אותך בפעם אחרת!",
    ]);

    expect((await act(owner, { intent: "proposal-accept", id: move })).data.problem?.key).toBe(
      "proposals.err.alreadyAccepted",
    );
    const html = await syncPage(owner);
    expect(html).not.toContain('data-testid="proposal-card"');
  });

  it("a booking cancelled meanwhile is answered with the screen's problem; another business's change is not found", async () => {
    const { owner, move } = await ownerWithChanges();
    const stranger = await signedInOwner();
    expect((await act(stranger, { intent: "proposal-accept", id: move })).data.problem?.key).toBe(
      "proposals.err.notFound",
    );
    await env.DB.prepare(
      "UPDATE bookings SET status = 'cancelled' WHERE business_id = ? AND booking_date = '2030-01-17'",
    )
      .bind(owner.businessId)
      .run();
    expect((await act(owner, { intent: "proposal-accept", id: move })).data.problem?.key).toBe(
      "proposals.err.bookingCancelled",
    );
    expect(await acks(move)).toEqual([]);
  });
});
