// "Due this week" on the Clients tab: clients whose due date (their last
// visit of a service plus their usual interval for it, rhythm.ts) falls in
// the next 7 days, and those already overdue by up to 30 days who have not
// booked again. Each comes with a wa.me link that opens WhatsApp on the
// owner's phone with a message typed in, in the business's message language.
// A client who opted out of messages is not offered.
import { sql } from "drizzle-orm";
import { schema, type Db } from "~db";
import { translator } from "~/i18n/messages.server";
import { waMeLink } from "~/services/safety/manual.server";
import { consentOfPhones, isOptedOut } from "~/services/safety/consent.server";
import { addDays } from "~/utils/dates";
import { localDate } from "~/utils/time-zone";
import { rhythms } from "./rhythms.server";
import { RHYTHM_MIN_VISITS } from "./rhythm";

const { bookings, clients } = schema;

/** Due from today to this many days ahead (today included: a week). */
const DUE_AHEAD_DAYS = 6;
/** An overdue client is still listed this many days after the due date. */
const OVERDUE_DAYS = 30;
/** At most this many are listed (soonest due first). */
const DUE_LIST_MAX = 50;

export type DueClient = {
  id: string;
  name: string;
  phone: string;
  service: string;
  due_date: string;
  usual_interval_days: number;
  overdue: boolean;
  /** https://wa.me/<phone>?text=<the message>, in the business's message language. */
  message_url: string;
};

type Business = { id: string; timeZone: string; messageLang: string };

/** `aheadDays` and `max`: the list's unless told (a freed slot looks further ahead, services/openings). */
export async function dueClients(
  db: Db,
  business: Business,
  now: number,
  { aheadDays = DUE_AHEAD_DAYS, max = DUE_LIST_MAX }: { aheadDays?: number; max?: number } = {},
): Promise<DueClient[]> {
  const today = localDate(now, business.timeZone);
  const from = addDays(today, -OVERDUE_DAYS);
  const to = addDays(today, aheadDays);
  // Clients with no booking ahead of them yet (so not rebooked), with enough visits and one in the
  // last year: each client's own bookings read in the client index (date, time and status are in
  // it), the cheap test first, instead of grouping every past booking of the business.
  const visit = (alias: string) => sql.raw(`${alias}.status NOT IN ('cancelled', 'no_show', 'pending')`);
  const candidates = await db.all<{ id: string; name: string; phone: string }>(sql`
    SELECT c.id, c.name, c.phone FROM ${clients} c
    WHERE c.business_id = ${business.id}
      AND NOT EXISTS (SELECT 1 FROM ${bookings} a WHERE a.business_id = ${business.id} AND a.client_id = c.id
        AND a.booking_date > ${today} AND a.status IN ('scheduled', 'confirmed'))
      AND (SELECT count(DISTINCT b.booking_date) FROM ${bookings} b WHERE b.business_id = ${business.id} AND b.client_id = c.id
        AND b.booking_date <= ${today} AND ${visit("b")}) >= ${RHYTHM_MIN_VISITS}
      AND EXISTS (SELECT 1 FROM ${bookings} b WHERE b.business_id = ${business.id} AND b.client_id = c.id
        AND b.booking_date BETWEEN ${addDays(today, -366)} AND ${today} AND ${visit("b")})`);
  if (candidates.length === 0) return [];
  const found = await rhythms(
    db,
    business,
    candidates.map((c) => c.id),
    today,
  );
  const due = candidates.flatMap((c) => {
    const r = found.get(c.id);
    if (!r?.due_date || r.usual_interval_days === null || !r.last_service || r.due_date < from || r.due_date > to)
      return [];
    return [{ ...c, service: r.last_service, due_date: r.due_date, usual_interval_days: r.usual_interval_days }];
  });
  const consent = await consentOfPhones(
    db.$client,
    business.id,
    due.map((c) => c.phone),
  );
  const t = translator(business.messageLang === "he" ? "he" : "en");
  return due
    .filter((c) => !isOptedOut(consent.get(c.phone)))
    .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((c) => ({
      ...c,
      overdue: c.due_date < today,
      message_url: waMeLink(
        c.phone,
        t("clients.due.message", { name: c.name.split(" ")[0] || c.name, service: c.service }),
      ),
    }));
}
