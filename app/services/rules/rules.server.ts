// Rules: one wizard submission is a group of rules, one per selected client
// (booking), each with the one scheduled message it sends.
// Failures are AppErrors carrying keys (rules.err.*): the API answers their
// English, the Rules tab shows them in the reader's language.
import { localDate } from "~/utils/time-zone";
import { AppError } from "~/utils/problem";
import { scheduleFromInput, type CreateRuleInput } from "~/validation/rules";
import { resolveOverdueReminders } from "./catch-up";
import { dueIntervals } from "./due-interval.server";
import { forBooking, planMessage, scheduleLabel, type Plan } from "./schedule";
import { reminderHistory } from "./history.server";
import { optedOutSql } from "../safety/consent.server";
import { renderRuleMessage, waMeLink } from "../safety/manual.server";

export type RulesBusiness = { id: string; timeZone: string; sendTime: string };
export type RulesContext = { d1: D1Database; business: RulesBusiness; now: number };

type RuleClientStatus = "scheduled" | "sent" | "failed" | "cancelled" | "manual";

export type RuleClient = {
  id: string;
  rule_id: string;
  client_name: string;
  client_phone: string;
  client_status: RuleClientStatus;
  /** Due, but held until the business's WhatsApp reconnects. */
  waiting: boolean;
  /** Held because the owner paused automatic messages (Connect tab). */
  paused: boolean;
  /** client_status "manual": a wa.me link that opens WhatsApp on the owner's phone with the message filled in. */
  send_link: string | null;
  booking_id: string;
  booking_date: string;
  booking_time: string;
  schedule_date: string;
  schedule_time: string | null;
  schedule_type: "preset" | "custom" | "due";
  /** Why it was cancelled or failed, as stored (a reason key: see reasons.ts). */
  last_error: string | null;
  sent_at: string | null;
  /** The client's answer to the confirmation request, when they gave one. */
  reply_text: string | null;
  reply_action: "confirmed" | "cancelled" | null;
  replied_at: string | null;
};

export type RuleGroup = {
  rule_group_id: string;
  id: string;
  business_id: string;
  rule_name: string;
  type: "followup" | "reminder";
  services: string[];
  template: string;
  message_body: string;
  schedule_type: "preset" | "custom" | "due";
  schedule_value: string;
  custom_date: string | null;
  custom_time: string | null;
  schedule_label: string;
  ask_confirmation: boolean;
  clients: RuleClient[];
  clients_count: number;
  created_at: string;
};

type BookingRow = {
  id: string;
  client_id: string;
  service: string;
  booking_date: string;
  booking_time: string;
  status: string;
  name: string;
  opted_out: number;
};

/** Creates the group; throws AppError 400 (bad schedule, cancelled booking) or 404 (a booking not the business's). */
export async function createRules(
  ctx: RulesContext,
  input: CreateRuleInput,
): Promise<{ groupId: string; rules: RuleGroup[] }> {
  const { d1, business, now } = ctx;
  const parsed = scheduleFromInput(input, localDate(now, business.timeZone));
  if (!parsed.ok) throw new AppError(400, parsed.problem.key, parsed.problem.params);
  const schedule = parsed.value;

  const ids = [...new Set(input.clients.map((c) => c.booking_id))];
  const { results: bookings } = await d1
    .prepare(
      `SELECT b.id, b.client_id, b.service, b.booking_date, b.booking_time, b.status, c.name, ${optedOutSql("cc")} AS opted_out
       FROM bookings b JOIN clients c ON c.id = b.client_id
       LEFT JOIN contact_consent cc ON cc.business_id = b.business_id AND cc.phone = c.phone
       WHERE b.business_id = ?1 AND b.id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(business.id, JSON.stringify(ids))
    .all<BookingRow>();
  if (bookings.length !== ids.length) throw new AppError(404, "rules.err.bookingNotFound");
  // A client who opted out gets no automatic message: none is made (only the client's START undoes it).
  const reachable = bookings.filter((b) => b.opted_out !== 1);
  if (reachable.length === 0) throw new AppError(400, "rules.err.allOptedOut");
  const gone = bookings.find((b) => b.status === "cancelled" || b.status === "no_show");
  if (gone) throw new AppError(400, "rules.err.bookingCancelled", { name: gone.name, date: gone.booking_date });

  const history = input.type === "reminder" ? await reminderHistory(d1, business.id, ids) : new Map();
  const intervals =
    "due" in schedule && schedule.due
      ? await dueIntervals(d1, business, reachable, now)
      : new Map<string, number | null>();
  const groupId = crypto.randomUUID();
  const rows = reachable.map((b) => {
    let plan: Plan = planMessage({
      type: input.type,
      schedule: forBooking(schedule, intervals.get(b.id) ?? null),
      booking: { date: b.booking_date, time: b.booking_time },
      timeZone: business.timeZone,
      sendTime: business.sendTime,
      now,
    });
    if (input.type === "reminder") {
      plan = resolveOverdueReminders([{ plan }], history.get(b.id) ?? { pending: false, lastSentAt: null })[0].plan;
    }
    return {
      rule_id: crypto.randomUUID(),
      id: crypto.randomUUID(),
      booking_id: b.id,
      send_date: plan.sendDate,
      send_time: plan.sendTime,
      send_at: plan.sendAt,
      status: plan.status,
      last_error: plan.status === "cancelled" ? plan.reason : null,
    };
  });

  const isCustom = input.schedule_type === "custom";
  const isDue = "days" in schedule && schedule.due === true;
  const value = "days" in schedule ? String(schedule.days) : "";
  const services = [...new Set(input.services.map((s) => s.trim()))];
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO rules (id, business_id, group_id, type, name, services, template, schedule_type, schedule_value,
                            custom_date, custom_time, schedule_label, created_at, ask_confirmation)
         SELECT json_extract(value, '$.rule_id'), ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?14 FROM json_each(?13)`,
      )
      .bind(
        business.id,
        groupId,
        input.type,
        services.join(", "),
        JSON.stringify(services),
        input.template,
        isCustom ? "custom" : isDue ? "due" : "preset",
        value,
        "date" in schedule ? schedule.date : null,
        "date" in schedule ? schedule.time : null,
        scheduleLabel(input.type, schedule),
        now,
        JSON.stringify(rows),
        askConfirmation(input) ? 1 : 0,
      ),
    d1
      .prepare(
        `INSERT INTO scheduled_messages (id, business_id, rule_id, booking_id, origin, send_date, send_time, send_at, status, last_error, created_at, updated_at)
         SELECT json_extract(value, '$.id'), ?1, json_extract(value, '$.rule_id'), json_extract(value, '$.booking_id'), 'business',
                json_extract(value, '$.send_date'), json_extract(value, '$.send_time'), json_extract(value, '$.send_at'),
                json_extract(value, '$.status'), json_extract(value, '$.last_error'), ?2, ?2
         FROM json_each(?3)`,
      )
      .bind(business.id, now, JSON.stringify(rows)),
  ]);

  const groups = await listRules(d1, business.id, groupId);
  // One rule per client: the answer lists each, so the count reads "N rules".
  const rules = groups.flatMap((g) => g.clients.map((c) => ({ ...g, id: c.rule_id, clients: [c], clients_count: 1 })));
  return { groupId, rules };
}

/** Reminders ask the client to confirm unless told not to; follow-ups only when told to. */
function askConfirmation(input: Pick<CreateRuleInput, "type" | "ask_confirmation">): boolean {
  return input.ask_confirmation ?? input.type === "reminder";
}

type ListRow = {
  rule_id: string;
  group_id: string;
  type: "followup" | "reminder";
  name: string;
  services: string;
  template: string;
  schedule_type: "preset" | "custom" | "due";
  schedule_value: string;
  custom_date: string | null;
  custom_time: string | null;
  schedule_label: string;
  created_at: number;
  ask_confirmation: number;
  reply_text: string | null;
  reply_action: "confirmed" | "cancelled" | null;
  replied_at: number | null;
  message_id: string | null;
  status: string | null;
  send_date: string | null;
  send_time: string | null;
  last_error: string | null;
  sent_at: number | null;
  booking_id: string | null;
  booking_date: string | null;
  booking_time: string | null;
  client_name: string | null;
  client_phone: string | null;
  waiting: number;
  service: string | null;
  /** The team member the booking is with ({staff}). */
  staff_name: string | null;
  message_lang: string;
  biz_paused: number;
};

const MAX_LISTED_GROUPS = 100;

function clientStatus(status: string | null): RuleClientStatus {
  if (status === "sent" || status === "failed" || status === "cancelled" || status === "manual") return status;
  return "scheduled";
}

/** The business's rules, newest first, grouped by their wizard submission. */
export async function listRules(
  d1: D1Database,
  businessId: string,
  onlyGroup?: string,
  now = Date.now(),
): Promise<RuleGroup[]> {
  const { results } = await d1
    .prepare(
      `SELECT r.id AS rule_id, r.group_id, r.type, r.name, r.services, r.template, r.schedule_type, r.schedule_value,
              r.custom_date, r.custom_time, r.schedule_label, r.created_at, r.ask_confirmation,
              m.reply_text, m.reply_action, m.replied_at, m.id AS message_id, m.status, m.send_date, m.send_time, m.last_error, m.sent_at, m.booking_id,
              b.booking_date, b.booking_time, b.service, c.name AS client_name, c.phone AS client_phone,
              (SELECT tm.name FROM members tm WHERE tm.id = b.member_id AND tm.business_id = b.business_id) AS staff_name,
              biz.message_lang, biz.paused AS biz_paused,
              (m.status IN ('scheduled', 'queued') AND m.send_at <= ?3
                AND (SELECT wa_status FROM businesses WHERE id = ?1) NOT IN ('WORKING', 'unknown')) AS waiting
       FROM rules r
       JOIN businesses biz ON biz.id = r.business_id
       LEFT JOIN scheduled_messages m ON m.rule_id = r.id AND m.business_id = r.business_id AND m.kind = 'rule'
       LEFT JOIN bookings b ON b.id = m.booking_id
       LEFT JOIN clients c ON c.id = b.client_id
       WHERE r.business_id = ?1 AND r.group_id IN (
         SELECT group_id FROM rules WHERE business_id = ?1 AND (?2 IS NULL OR group_id = ?2)
         GROUP BY group_id ORDER BY max(created_at) DESC LIMIT ${MAX_LISTED_GROUPS})
       ORDER BY r.created_at DESC, r.group_id, c.name COLLATE NOCASE, b.booking_date`,
    )
    .bind(businessId, onlyGroup ?? null, now)
    .all<ListRow>();

  const groups = new Map<string, RuleGroup>();
  for (const row of results) {
    let group = groups.get(row.group_id);
    if (!group) {
      group = {
        rule_group_id: row.group_id,
        id: row.rule_id,
        business_id: businessId,
        rule_name: row.name,
        type: row.type,
        services: parseServices(row.services),
        template: row.template,
        message_body: row.template,
        schedule_type: row.schedule_type,
        schedule_value: row.schedule_value,
        custom_date: row.custom_date,
        custom_time: row.custom_time,
        schedule_label: row.schedule_label,
        ask_confirmation: row.ask_confirmation === 1,
        clients: [],
        clients_count: 0,
        created_at: new Date(row.created_at).toISOString(),
      };
      groups.set(row.group_id, group);
    }
    if (row.message_id && row.booking_id) {
      group.clients.push({
        id: row.message_id,
        rule_id: row.rule_id,
        client_name: row.client_name ?? "",
        client_phone: row.client_phone ?? "",
        client_status: clientStatus(row.status),
        waiting: row.waiting === 1,
        paused: row.biz_paused === 1 && (row.status === "scheduled" || row.status === "queued"),
        send_link: row.status === "manual" ? manualLink(row) : null,
        booking_id: row.booking_id,
        booking_date: row.booking_date ?? "",
        booking_time: (row.booking_time ?? "").slice(0, 5),
        schedule_date: row.send_date ?? "",
        schedule_time: row.send_time,
        schedule_type: row.schedule_type,
        last_error: row.last_error,
        sent_at: row.sent_at ? new Date(row.sent_at).toISOString() : null,
        reply_text: row.reply_text,
        reply_action: row.reply_action,
        replied_at: row.replied_at ? new Date(row.replied_at).toISOString() : null,
      });
      group.clients_count = group.clients.length;
    }
  }
  return [...groups.values()];
}

/** The message as the client would read it, ready to send from the owner's phone. */
function manualLink(row: ListRow): string | null {
  if (!row.client_phone) return null;
  const text = renderRuleMessage(row.template, row.ask_confirmation === 1, row.message_lang, {
    name: row.client_name ?? "",
    service: row.service ?? "",
    date: row.booking_date ?? "",
    staff: row.staff_name ?? "",
  });
  return waMeLink(row.client_phone, text);
}

function parseServices(raw: string): string[] {
  try {
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Deletes a group (or, with `by: "id"`, one rule) of the business, answering
 * how many rules went. Another business's ids, or an `askedBusinessId` that is
 * not the caller's, are "not found" (404) and change nothing.
 */
export async function deleteOwnRules(
  d1: D1Database,
  businessId: string,
  by: "group" | "id",
  key: string,
  askedBusinessId: string | null = null,
): Promise<number> {
  if ((askedBusinessId && askedBusinessId !== businessId) || !key || key.length > 100)
    throw new AppError(404, "rules.err.notFound");
  const deleted = await deleteRules(d1, businessId, by, key);
  if (deleted === 0) throw new AppError(404, "rules.err.notFound");
  return deleted;
}

/** Deletes a group (or, with `by: "id"`, one rule); its pending messages go with it. Answers how many rules. */
async function deleteRules(d1: D1Database, businessId: string, by: "group" | "id", key: string): Promise<number> {
  const column = by === "group" ? "group_id" : "id";
  const [, deleted] = await d1.batch([
    d1
      .prepare(
        `DELETE FROM scheduled_messages WHERE business_id = ?1 AND rule_id IN (SELECT id FROM rules WHERE business_id = ?1 AND ${column} = ?2)`,
      )
      .bind(businessId, key),
    d1.prepare(`DELETE FROM rules WHERE business_id = ?1 AND ${column} = ?2`).bind(businessId, key),
  ]);
  return deleted.meta.changes ?? 0;
}
