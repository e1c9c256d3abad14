// The owner's data out: clients and bookings as CSV files a spreadsheet opens
// with Hebrew intact (RFC 4180 quoting by papaparse, UTF-8 with a BOM, CRLF),
// and everything the business owns as one JSON document.
import Papa from "papaparse";
import { type Lang } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import type { Insights } from "~/services/insights/insights.server";
import { weekdayName } from "~/services/insights/periods";
import { reasonText } from "~/services/rules/reasons";
import { formatPhone } from "~/utils/phone";
import { localDate } from "~/utils/time-zone";

const BOM = "\uFEFF";

/** A spreadsheet runs a cell starting with one of these as a formula ("-1+...", "+(...)" and "+ 1+..." included). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone as formatPhone writes it: "+" then digits and single spaces, nothing a spreadsheet could compute with. */
const PLAIN_PHONE = /^\+\d+(?: \d+)*$/;

/** The cell as written: a leading apostrophe keeps a formula-looking value text. */
function csvCell(value: string | number, isPhone = false): string {
  const text = String(value);
  if (!FORMULA_START.test(text) || (isPhone && PLAIN_PHONE.test(text))) return text;
  return `'${text}`;
}

function csv(header: string[], rows: (string | number)[][], phoneColumn: number): string {
  const data = rows.map((row) => row.map((cell, i) => csvCell(cell, i === phoneColumn)));
  return BOM + Papa.unparse({ fields: header, data }, { newline: "\r\n", quotes: false, escapeFormulae: false });
}

const tagList = (raw: string) => {
  try {
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v.join(", ") : "";
  } catch {
    return "";
  }
};

/** Headers in the reader's language; the importer reads both languages back. */
export async function clientsCsv(d1: D1Database, businessId: string, lang: Lang): Promise<string> {
  const t = translator(lang);
  const [zone, { results }] = await Promise.all([
    d1.prepare("SELECT time_zone FROM businesses WHERE id = ?").bind(businessId).first<string>("time_zone"),
    d1
      .prepare(
        "SELECT name, phone, tags, notes, created_at FROM clients WHERE business_id = ? ORDER BY name COLLATE NOCASE, created_at",
      )
      .bind(businessId)
      .all<{ name: string; phone: string; tags: string; notes: string; created_at: number }>(),
  ]);
  // The day the client was added, as the owner's calendar has it (not UTC's).
  const day = (ms: number) => localDate(ms, zone || "UTC");
  return csv(
    [t("export.col.name"), t("export.col.phone"), t("export.col.tags"), t("export.col.notes"), t("export.col.created")],
    results.map((c) => [c.name, formatPhone(c.phone), tagList(c.tags), c.notes, day(c.created_at)]),
    1,
  );
}

export async function bookingsCsv(d1: D1Database, businessId: string, lang: Lang): Promise<string> {
  const t = translator(lang);
  const { results } = await d1
    .prepare(
      `SELECT b.booking_date, b.booking_time, b.service, b.status, c.name, c.phone, b.notes
       FROM bookings b JOIN clients c ON c.id = b.client_id
       WHERE b.business_id = ? ORDER BY b.booking_date, b.booking_time`,
    )
    .bind(businessId)
    .all<{
      booking_date: string;
      booking_time: string;
      service: string;
      status: string;
      name: string;
      phone: string;
      notes: string;
    }>();
  return csv(
    [
      t("export.col.date"),
      t("export.col.time"),
      t("export.col.service"),
      t("export.col.status"),
      t("export.col.client"),
      t("export.col.phone"),
      t("export.col.notes"),
    ],
    results.map((b) => [
      b.booking_date,
      b.booking_time.slice(0, 5),
      b.service,
      t(`bookings.status.${b.status}` as Parameters<typeof t>[0]),
      b.name,
      formatPhone(b.phone),
      b.notes,
    ]),
    5,
  );
}

/** Everything the business owns, for the owner to take elsewhere; why a message was cancelled or failed in the reader's language. */
export async function fullExport(d1: D1Database, businessId: string, now: number, lang: Lang) {
  const t = translator(lang);
  const all = async (sql: string) => (await d1.prepare(sql).bind(businessId).all()).results;
  const [business] = await all(
    "SELECT id, name, phone, city, country, time_zone, send_time, created_at FROM businesses WHERE id = ?",
  );
  const parse = <T extends Record<string, unknown>>(rows: T[], field: keyof T) =>
    rows.map((r) => ({ ...r, [field]: JSON.parse(String(r[field] ?? "[]")) }));
  return {
    format: "chatbook-export",
    version: 1,
    exported_at: new Date(now).toISOString(),
    business,
    services: await all("SELECT name, created_at FROM services WHERE business_id = ? ORDER BY name"),
    clients: parse(
      await all(
        "SELECT id, name, phone, tags, notes, created_at, updated_at FROM clients WHERE business_id = ? ORDER BY created_at",
      ),
      "tags",
    ),
    bookings: await all(
      "SELECT id, client_id, service, booking_date, booking_time, status, notes, source, created_at, updated_at FROM bookings WHERE business_id = ? ORDER BY booking_date, booking_time",
    ),
    rules: parse(
      await all(
        "SELECT id, group_id, type, name, services, template, schedule_type, schedule_value, custom_date, custom_time, schedule_label, created_at FROM rules WHERE business_id = ? ORDER BY created_at",
      ),
      "services",
    ),
    messages: (
      await all(
        "SELECT id, rule_id, booking_id, send_date, send_time, send_at, status, last_error, sent_at, created_at FROM scheduled_messages WHERE business_id = ? ORDER BY send_at",
      )
    ).map((m) => ({ ...m, last_error: reasonText(m.last_error as string | null, t) })),
  };
}

/** The Insights figures of a period beside the period before's, one figure a row; rates as percentages, money in the business's currency. */
export function insightsCsv(figures: Insights, lang: Lang): string {
  const t = translator(lang);
  const { previous } = figures;
  const pct = (v: number | null) => (v === null ? "" : `${Math.round(v * 1000) / 10}%`);
  const money = (label: string) => `${label} (${figures.revenue.currency})`;
  const rows: (string | number)[][] = [
    [t("insights.fig.bookings"), figures.bookings, previous.bookings],
    [money(t("insights.fig.revenueDone")), figures.revenue.done, previous.revenue.done],
    [money(t("insights.fig.revenueExpected")), figures.revenue.expected, previous.revenue.expected],
    [t("insights.fig.noShowRate"), pct(figures.no_show_rate), pct(previous.no_show_rate)],
    [t("insights.fig.lateCancelRate"), pct(figures.late_cancel_rate), pct(previous.late_cancel_rate)],
    [t("insights.fig.confirmationRate"), pct(figures.confirmation_rate), pct(previous.confirmation_rate)],
    [t("insights.fig.rebookingRate"), pct(figures.rebooking_rate), pct(previous.rebooking_rate)],
    [t("insights.fig.newClients"), figures.new_clients, previous.new_clients],
    [t("insights.fig.returningClients"), figures.returning_clients, previous.returning_clients],
    [t("insights.fig.fromChats"), figures.from_chats, previous.from_chats],
    [t("insights.fig.messagesSent"), figures.messages.sent, previous.messages.sent],
    [t("insights.fig.messagesRefused"), figures.messages.refused, previous.messages.refused],
  ];
  const before = new Map(previous.services.map((s) => [s.service, s]));
  for (const s of figures.services) {
    rows.push([t("insights.csv.serviceCount", { service: s.service }), s.count, before.get(s.service)?.count ?? 0]);
    rows.push([
      money(t("insights.csv.serviceRevenue", { service: s.service })),
      s.revenue,
      before.get(s.service)?.revenue ?? 0,
    ]);
  }
  const busyBefore = new Map(previous.busiest.map((b) => [`${b.weekday} ${b.hour}`, b.count]));
  for (const b of figures.busiest) {
    const hour = String(b.hour).padStart(2, "0");
    rows.push([
      t("insights.csv.busiest", { day: weekdayName(b.weekday, lang), hour }),
      b.count,
      busyBefore.get(`${b.weekday} ${b.hour}`) ?? 0,
    ]);
  }
  return csv(
    [
      t("insights.col.figure"),
      t("insights.col.period", { from: figures.from, to: figures.to }),
      t("insights.col.period", { from: previous.from, to: previous.to }),
    ],
    rows,
    -1,
  );
}
