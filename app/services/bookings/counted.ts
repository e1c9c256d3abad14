// Which bookings count in figures (Insights, a client's rhythm): SQL
// conditions on a bookings alias. A booking-link hold counts nowhere until the
// customer confirms it on WhatsApp: not while "pending", nor once its hold ran
// out unconfirmed (the expiry cancels it; it was never a booking). Insights'
// rollups and client chains write the same tests in their triggers
// (migrations 0020 and 0022): a kept booking is one neither cancelled (an
// expired hold is a cancelled one) nor pending.

/** A booking that counts, cancelled ones included (`alias`: the bookings table's alias). */
export const isBooked = (alias: string) =>
  `${alias}.status != 'pending' AND NOT EXISTS (SELECT 1 FROM booking_holds h WHERE h.booking_id = ${alias}.id AND h.state = 'expired')`;

/**
 * The same test as isBooked for a query that reads many bookings at once: it
 * joins the booking's expired hold, if any, as `hold` (expiredHoldJoin), and
 * isBookedWith reads that join (a join is looked up once per row, where each
 * use of isBooked's subquery is run again).
 */
export const expiredHoldJoin = (alias: string, hold: string) =>
  `LEFT JOIN booking_holds ${hold} ON ${hold}.booking_id = ${alias}.id AND ${hold}.state = 'expired'`;
export const isBookedWith = (alias: string, hold: string) =>
  `${alias}.status != 'pending' AND ${hold}.booking_id IS NULL`;
