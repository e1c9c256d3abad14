// The pure parts of rules: the spec's status derivation, the wizard's client
// merge, schedules from input, and the planning rule.
import { describe, expect, it } from "vitest";
import { clientStatusOf, overallStatus } from "../../app/components/rules/format";
import { mergeCandidates } from "../../app/components/rules/client-source";
import { CreateRuleSchema, scheduleFromInput } from "../../app/validation/rules";
import { planMessage } from "../../app/services/rules/schedule";
import { resolveOverdueReminders, REASON_SUPERSEDED } from "../../app/services/rules/catch-up";
import { zonedInstant } from "../../app/utils/time-zone";
import { reasonProblem, reasonText, storedReason } from "../../app/services/rules/reasons";
import { translator } from "../../app/i18n/messages.server";

describe("rule statuses (spec section 4)", () => {
  it("maps client values: canceled is Cancelled, empty is Scheduled, unknown is capitalised", () => {
    expect(clientStatusOf("canceled")).toBe("cancelled");
    expect(clientStatusOf("")).toBe("scheduled");
    expect(clientStatusOf(null)).toBe("scheduled");
    expect(clientStatusOf("queued")).toBe("scheduled");
    expect(clientStatusOf("SENT")).toBe("sent");
    expect(clientStatusOf("paused")).toEqual({ other: "Paused" });
  });

  it("derives the overall status", () => {
    expect(overallStatus([])).toBe("scheduled");
    expect(overallStatus(["sent", "sent"])).toBe("sent");
    expect(overallStatus(["sent", "failed", "cancelled"])).toBe("failed");
    expect(overallStatus(["cancelled", "canceled"])).toBe("cancelled");
    expect(overallStatus(["sent", "cancelled"])).toBe("scheduled");
    expect(overallStatus(["scheduled", "sent"])).toBe("scheduled");
  });
});

describe("wizard client list", () => {
  it("merges lists across services, de-duplicated by booking id (else name and number), sorted by name", () => {
    const c = (booking_id: string, sender_name: string, sender_number = "1") => ({
      booking_id,
      sender_name,
      sender_number,
      service: "x",
      booking_date: "2030-01-01",
      booking_time: "10:00",
    });
    const merged = mergeCandidates([
      [c("2", "Noa"), c("1", "Avi")],
      [c("1", "Avi"), c("", "Dana", "5"), c("", "Dana", "5"), c("", "Dana", "6")],
    ]);
    expect(merged.map((m) => `${m.sender_name}:${m.booking_id || m.sender_number}`)).toEqual([
      "Avi:1",
      "Dana:5",
      "Dana:6",
      "Noa:2",
    ]);
  });
});

describe("schedule from the create body", () => {
  const body = (extra: Record<string, unknown>) =>
    CreateRuleSchema.parse({
      type: "followup",
      services: ["a"],
      template: "t",
      schedule_type: "custom",
      clients: [{ booking_id: "b" }],
      ...extra,
    });
  it("prefers a custom date and time, else a day count; presets must match the type", () => {
    expect(
      scheduleFromInput(body({ customDate: "2030-01-02", customTime: "09:05", schedule_value: "3" }), "2030-01-01"),
    ).toEqual({
      ok: true,
      value: { date: "2030-01-02", time: "09:05" },
    });
    expect(scheduleFromInput(body({ schedule_value: 365 }), "2030-01-01")).toEqual({ ok: true, value: { days: 365 } });
    expect(scheduleFromInput(body({ schedule_value: "1.5" }), "2030-01-01")).toEqual({
      ok: false,
      problem: { key: "rules.err.daysRange", params: { min: 1, max: 365 } },
    });
    expect(
      scheduleFromInput(body({ schedule_type: "preset", schedule_value: "1", type: "reminder" }), "2030-01-01"),
    ).toEqual({ ok: true, value: { days: 1 } });
    expect(scheduleFromInput(body({ schedule_type: "preset", schedule_value: "1" }), "2030-01-01")).toEqual({
      ok: false,
      problem: { key: "rules.err.presetAfter", params: { list: "15, 30, 60" } },
    });
  });
});

describe("planning", () => {
  const base = { timeZone: "Asia/Jerusalem", sendTime: "10:00" };
  it("a follow-up whose moment passed before the rule was made goes out now", () => {
    const now = zonedInstant("2030-05-20", "15:00", "Asia/Jerusalem");
    const plan = planMessage({
      ...base,
      type: "followup",
      schedule: { days: 15 },
      booking: { date: "2030-05-01", time: "10:00" },
      now,
    });
    expect(plan).toMatchObject({
      status: "scheduled",
      overdue: true,
      sendAt: now,
      sendDate: "2030-05-20",
      sendTime: "15:00",
    });
  });

  it("of several overdue reminders for one booking, only the latest goes, and only when none is still to come", () => {
    const p = (moment: number, overdue: boolean) => ({
      plan: { status: "scheduled" as const, sendDate: "", sendTime: "", sendAt: 1, overdue, moment },
    });
    const items = [p(1, true), p(3, true), p(2, true)];
    const out = resolveOverdueReminders(items, { pending: false, lastSentAt: null });
    expect(out.map((i) => i.plan.status)).toEqual(["cancelled", "scheduled", "cancelled"]);
    expect(out[0].plan).toMatchObject({ reason: REASON_SUPERSEDED });
    expect(
      resolveOverdueReminders([p(3, true), p(9, false)], { pending: false, lastSentAt: null }).map(
        (i) => i.plan.status,
      ),
    ).toEqual(["cancelled", "scheduled"]);
    expect(resolveOverdueReminders([p(3, true)], { pending: true, lastSentAt: null })[0].plan.status).toBe("cancelled");
    expect(resolveOverdueReminders([p(3, true)], { pending: false, lastSentAt: 4 })[0].plan.status).toBe("cancelled");
    expect(resolveOverdueReminders([p(3, true)], { pending: false, lastSentAt: 2 })[0].plan.status).toBe("scheduled");
  });
});

describe("stored reasons", () => {
  const en = translator("en");
  const he = translator("he");

  it("reads keys and keyed problems, and shows the gateway's own words as they came", () => {
    expect(reasonProblem(null)).toBeNull();
    expect(reasonProblem(REASON_SUPERSEDED)).toEqual({ key: "rules.reason.superseded" });
    const refused = storedReason("rules.reason.refusedCode", { code: 131 });
    expect(reasonProblem(refused)).toEqual({ key: "rules.reason.refusedCode", params: { code: 131 } });
    expect(reasonText(refused, en)).toBe("WhatsApp refused the message (error 131).");
    expect(reasonText(refused, he)).toBe("וואטסאפ סירב להודעה (שגיאה 131).");
    const raw = "WhatsApp gateway 503 on POST /api/sendText: busy";
    expect(reasonProblem(raw)).toEqual({ key: "rules.reason.gateway", params: { detail: raw } });
    expect(reasonText(raw, en)).toBe(raw);
    expect(he("rules.reason.gateway", { detail: raw })).toContain(raw);
  });
});
