// A salon week whose insights are counted by hand (the workerd API test and
// the browser test seed the same rows): 1 to 7 March 2026 in Asia/Jerusalem
// (UTC+2 all week), compared with 22 to 28 February. Plain SQL, so a browser
// test's stack can run it too.
//
// In the week (Haircut 100, Color 300, price snapshots on the bookings):
//   Sun 1  10:00 Noa   Haircut  completed  100   (Noa came before: 10 Feb)
//   Sun 1  10:00 Eli   Haircut  confirmed  none  (Eli came on 25 Feb)
//   Mon 2  11:00 Dana  Color    completed  300   (Dana's first booking)
//   Tue 3  10:00 Maya  Haircut  no-show    100   (Maya's first booking)
//   Wed 4  16:00 Maya  Color    cancelled 23 hours before (late)
//   Thu 5  10:00 Lior  Haircut  cancelled 25 hours before (not late)
//   Fri 6  10:00 Lior  Haircut  scheduled  100   saved from Sync (a chat)
//   Sat 7  12:00 Lior  Color    confirmed  300   an accepted proposal (a chat)
//   Noa has another Haircut on 15 April (within 60 days of 1 March).
// Booking-link holds, which count nowhere (no figure above moves for them):
//   Thu 5  14:00 Avi   Color    pending  300   (held, not yet sent from WhatsApp; Avi has nothing else)
//   Fri 6  15:00 Maya  Haircut  cancelled 30 minutes before: the hold ran out unconfirmed
// Messages sent in the week (local time): 1 Mar 01:00 (still 28 Feb in UTC) a
// reminder that asked, answered "confirmed"; 5 Mar a reminder that asked, no
// answer; 7 Mar 23:30 a reminder that asked, answered "cancelled"; 3 Mar a
// follow-up WhatsApp refused. 8 Mar 00:30 local (7 Mar in UTC) one more that
// asked: next week's.

export const FIXTURE_PERIOD = { from: "2026-03-01", to: "2026-03-07" };
export const FIXTURE_BEFORE = { from: "2026-02-22", to: "2026-02-28" };

const HOUR = 3_600_000;
/** A local wall clock in Jerusalem during the fixture (UTC+2) as an instant. */
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+02:00`);

/** Figures of 1 to 7 March, as the API answers them. */
export const FIXTURE_FIGURES = {
  bookings: 6,
  revenue: { done: 400, expected: 400, currency: "ILS" },
  no_show_rate: 1 / 6,
  late_cancel_rate: 1 / 8,
  confirmation_rate: 1 / 3,
  rebooking_rate: 2 / 4,
  new_clients: 3,
  returning_clients: 2,
  from_chats: 2,
  messages: { sent: 4, refused: 1 },
  busiest: [
    { weekday: 0, hour: 10, count: 2 },
    { weekday: 1, hour: 11, count: 1 },
    { weekday: 2, hour: 10, count: 1 },
    { weekday: 5, hour: 10, count: 1 },
    { weekday: 6, hour: 12, count: 1 },
  ],
  services: [
    { service: "Color", count: 2, revenue: 600 },
    { service: "Haircut", count: 4, revenue: 200 },
  ],
};

/** Figures of 22 to 28 February: Eli's one visit, rebooked on 1 March. */
export const FIXTURE_BEFORE_FIGURES = {
  bookings: 1,
  revenue: { done: 100, expected: 0, currency: "ILS" },
  no_show_rate: 0,
  late_cancel_rate: 0,
  confirmation_rate: null,
  rebooking_rate: 1,
  new_clients: 1,
  returning_clients: 0,
  from_chats: 0,
  messages: { sent: 0, refused: 0 },
  busiest: [{ weekday: 3, hour: 10, count: 1 }],
  services: [{ service: "Haircut", count: 1, revenue: 100 }],
};

const q = (v: string | number | null) =>
  v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`;

/** The fixture's INSERT statements for business `b` (ids are prefixed with it, so two businesses can hold it). */
export function insightsFixture(b: string): string[] {
  const sql: string[] = [];
  const client = (key: string, name: string, phone: string) =>
    sql.push(
      `INSERT INTO clients (id, business_id, name, phone) VALUES (${q(`${b}-${key}`)}, ${q(b)}, ${q(name)}, ${q(phone)})`,
    );
  client("noa", "Noa Cohen", "972501110001");
  client("eli", "Eli Mizrahi", "972501110002");
  client("dana", "Dana Levi", "972501110003");
  client("maya", "Maya Peretz", "972501110004");
  client("lior", "Lior Ben David", "972501110005");
  const booking = (
    key: string,
    who: string,
    service: string,
    date: string,
    time: string,
    status: string,
    price: number | null,
    extra: { source?: string; updatedAt?: number } = {},
  ) =>
    sql.push(
      `INSERT INTO bookings (id, business_id, client_id, service, booking_date, booking_time, status, source, price_cents, updated_at)
       VALUES (${q(`${b}-${key}`)}, ${q(b)}, ${q(`${b}-${who}`)}, ${q(service)}, ${q(date)}, ${q(time)}, ${q(status)}, ${q(extra.source ?? "manual")}, ${q(price)}, ${q(extra.updatedAt ?? at("2026-01-01", "09:00"))})`,
    );
  booking("b0", "noa", "Haircut", "2026-02-10", "10:00", "completed", 10000);
  booking("b00", "eli", "Haircut", "2026-02-25", "10:00", "completed", 10000);
  booking("b1", "noa", "Haircut", "2026-03-01", "10:00", "completed", 10000);
  booking("b2", "eli", "Haircut", "2026-03-01", "10:00", "confirmed", null);
  booking("b3", "dana", "Color", "2026-03-02", "11:00", "completed", 30000);
  booking("b4", "maya", "Haircut", "2026-03-03", "10:00", "no_show", 10000);
  booking("b5", "maya", "Color", "2026-03-04", "16:00", "cancelled", 30000, {
    updatedAt: at("2026-03-04", "16:00") - 23 * HOUR,
  });
  booking("b6", "lior", "Haircut", "2026-03-05", "10:00", "cancelled", 10000, {
    updatedAt: at("2026-03-05", "10:00") - 25 * HOUR,
  });
  booking("b7", "lior", "Haircut", "2026-03-06", "10:00", "scheduled", 10000, { source: "sync" });
  booking("b8", "lior", "Color", "2026-03-07", "12:00", "confirmed", 30000);
  booking("b9", "noa", "Haircut", "2026-04-15", "10:00", "scheduled", 10000);
  client("avi", "Avi Held", "972501110006");
  booking("h1", "avi", "Color", "2026-03-05", "14:00", "pending", 30000);
  booking("h2", "maya", "Haircut", "2026-03-06", "15:00", "cancelled", 10000, {
    updatedAt: at("2026-03-06", "15:00") - HOUR / 2,
  });
  const hold = (key: string, state: string, phone: string, expiresAt: number) =>
    sql.push(
      `INSERT INTO booking_holds (booking_id, business_id, code, state, name, phone_hint, expires_at, created_at)
       VALUES (${q(`${b}-${key}`)}, ${q(b)}, ${q(`${b}-${key}`)}, ${q(state)}, 'Held', ${q(phone)}, ${expiresAt}, ${expiresAt - HOUR})`,
    );
  hold("h1", "open", "972501110006", at("2026-03-05", "13:00"));
  hold("h2", "expired", "972501110004", at("2026-03-06", "14:30"));
  sql.push(
    `INSERT INTO proposals (id, business_id, chat_id, client_phone, service, date, time, status, booking_id)
     VALUES (${q(`${b}-p1`)}, ${q(b)}, '972501110005@c.us', '972501110005', 'Color', '2026-03-07', '12:00', 'accepted', ${q(`${b}-b8`)}),
            (${q(`${b}-p2`)}, ${q(b)}, '972501110004@c.us', '972501110004', 'Color', '2026-03-06', '12:00', 'dismissed', NULL)`,
  );
  const message = (
    key: string,
    booking: string,
    askConfirmation: boolean,
    sentAt: number,
    extra: { reply?: string; ack?: number } = {},
  ) => {
    sql.push(
      `INSERT INTO rules (id, business_id, group_id, type, services, template, schedule_type, schedule_value, ask_confirmation)
       VALUES (${q(`${b}-r${key}`)}, ${q(b)}, ${q(`${b}-r${key}`)}, ${q(askConfirmation ? "reminder" : "followup")}, '["Haircut","Color"]', 'Hi {name}', 'preset', '1', ${askConfirmation ? 1 : 0})`,
    );
    sql.push(
      `INSERT INTO scheduled_messages (id, business_id, rule_id, booking_id, send_date, send_time, send_at, status, sent_at, reply_action, ack)
       VALUES (${q(`${b}-m${key}`)}, ${q(b)}, ${q(`${b}-r${key}`)}, ${q(`${b}-${booking}`)}, '2026-03-01', '10:00', ${sentAt}, 'sent', ${sentAt}, ${q(extra.reply ?? null)}, ${q(extra.ack ?? 2)})`,
    );
  };
  message("a", "b8", true, at("2026-03-01", "01:00"), { reply: "confirmed" });
  message("b", "b7", true, at("2026-03-05", "10:00"));
  message("c", "b1", true, at("2026-03-07", "23:30"), { reply: "cancelled" });
  message("d", "b3", false, at("2026-03-03", "12:00"), { ack: -1 });
  message("e", "b9", true, at("2026-03-08", "00:30"));
  return sql;
}
