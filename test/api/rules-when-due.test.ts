// A follow-up timed "when the client is due": each client's own rhythm (their
// usual interval for the booking's service, from three visits on) after the
// booking, else the rule's fallback days; it follows the booking when it
// moves, and the Rules tab names it in English and Hebrew.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { shownHtml } from "../support/html";
import { seedBooking, seedClient } from "../support/seed";
import { addDays } from "../../app/utils/dates";
import { localDate } from "../../app/utils/time-zone";
import { DEFAULT_TEMPLATE } from "../../app/services/templates";
import type { RuleGroup } from "../../app/services/rules/rules.server";

type CreateAnswer = { success: boolean; rules: RuleGroup[]; detail: string };

const body = (clients: string[], extra: Record<string, unknown> = {}) => ({
  type: "followup",
  services: ["Haircut"],
  template: DEFAULT_TEMPLATE,
  schedule_type: "due",
  schedule_value: "30",
  clients: clients.map((booking_id) => ({ booking_id })),
  ...extra,
});

const sendDate = async (bookingId: string) =>
  (
    await env.DB.prepare("SELECT send_date FROM scheduled_messages WHERE booking_id = ? AND kind = 'rule'")
      .bind(bookingId)
      .first<{ send_date: string }>()
  )?.send_date;

async function salon() {
  const owner = await signedInOwner();
  const today = localDate(Date.now(), "Asia/Jerusalem");
  // Tamar comes every 35 days; her latest Haircut is today.
  const tamar = await seedClient(owner.businessId, { name: "Tamar Regular", phone: "972501230001" });
  for (const back of [105, 70, 35])
    await seedBooking(owner.businessId, tamar, {
      bookingDate: addDays(today, -back),
      bookingTime: "00:00",
      status: "completed",
    });
  const regular = await seedBooking(owner.businessId, tamar, {
    bookingDate: today,
    bookingTime: "00:00",
    status: "completed",
  });
  // Dana came once: no rhythm yet.
  const dana = await seedClient(owner.businessId, { name: "Dana New", phone: "972501230002" });
  const newcomer = await seedBooking(owner.businessId, dana, {
    bookingDate: today,
    bookingTime: "00:00",
    status: "completed",
  });
  return { owner, today, regular, newcomer };
}

describe("A follow-up sent when the client is due", () => {
  it("waits each client's own interval after the booking, and the fallback days for a client without one", async () => {
    const { owner, today, regular, newcomer } = await salon();
    const res = await owner.api("/api/rules/create", { method: "POST", json: body([regular, newcomer]) });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as CreateAnswer;
    expect(answer.rules[0]).toMatchObject({
      schedule_type: "due",
      schedule_value: "30",
      schedule_label: "When the client is due (else 30 days after appointment)",
    });
    expect(await sendDate(regular)).toBe(addDays(today, 35));
    expect(await sendDate(newcomer)).toBe(addDays(today, 30));

    // The Rules tab names the schedule in the reader's language.
    const en = shownHtml(await (await owner.page("/dashboard/rules")).text());
    expect(en).toContain("When the client is due (else 30 days after appointment)");
    const he = shownHtml(
      await (
        await SELF.fetch("http://localhost/dashboard/rules", { headers: { Cookie: `${owner.cookie}; lang=he` } })
      ).text(),
    );
    expect(he).toContain("כשהלקוח/ה אמור/ה לחזור (אחרת 30 ימים אחרי התור)");
  });

  it("is made from the Rules tab's wizard post as from the API", async () => {
    const { owner, today, regular } = await salon();
    // The wizard's "When the client is due" sends schedule_type "due" with its 30 fallback days.
    const fields = new URLSearchParams([
      ["intent", "create"],
      ["type", "followup"],
      ["services", "Haircut"],
      ["template", "Hi {name}"],
      ["schedule_type", "due"],
      ["schedule_value", "30"],
      ["customDate", ""],
      ["customTime", ""],
      ["ask_confirmation", "false"],
      ["booking_id", regular],
    ]);
    const res = await owner.page("/dashboard/rules", {
      method: "POST",
      body: fields,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(await sendDate(regular)).toBe(addDays(today, 35));
  });

  it("follows the booking when it moves: the same interval after its new date", async () => {
    const { owner, today, regular } = await salon();
    expect((await owner.api("/api/rules/create", { method: "POST", json: body([regular]) })).status).toBe(201);
    const moved = await owner.api(`/api/bookings/${regular}`, {
      method: "PATCH",
      json: { booking_date: addDays(today, -1) },
    });
    expect(moved.status).toBe(200);
    expect(await sendDate(regular)).toBe(addDays(today, 34));
  });

  it("refuses it for a reminder, and fallback days out of range, with the reason and nothing written", async () => {
    const { owner, regular } = await salon();
    const reminder = await owner.api("/api/rules/create", {
      method: "POST",
      json: body([regular], { type: "reminder" }),
    });
    expect(reminder.status).toBe(400);
    expect(((await reminder.json()) as CreateAnswer).detail).toBe(
      "Only a follow-up can be sent when the client is due.",
    );
    const far = await owner.api("/api/rules/create", {
      method: "POST",
      json: body([regular], { schedule_value: "400" }),
    });
    expect(far.status).toBe(400);
    expect(((await far.json()) as CreateAnswer).detail).toBe(
      "The number of days must be a whole number from 1 to 365.",
    );
    const odd = await owner.api("/api/rules/create", {
      method: "POST",
      json: body([regular], { schedule_type: "sometime" }),
    });
    expect(((await odd.json()) as CreateAnswer).detail).toBe("schedule_type must be preset, custom or due.");
    const count = await env.DB.prepare("SELECT count(*) AS n FROM rules WHERE business_id = ?")
      .bind(owner.businessId)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });
});
