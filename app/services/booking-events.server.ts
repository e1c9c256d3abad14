// Called after any booking is created, edited, moved, cancelled or deleted, so
// that pending rule messages follow it: cancelled with a cancelled, no-show or
// deleted booking, re-timed when it moves (see rules/retime.server.ts).
import { retimeBookingMessages } from "./rules/retime.server";

export async function bookingsChanged(env: Env, bookingIds: string[], now: number): Promise<void> {
  await retimeBookingMessages(env.DB, bookingIds, now);
}
