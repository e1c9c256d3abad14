// Human pacing for one WhatsApp number. A business-started message (a
// reminder, a follow-up) waits a random gap of the owner's pause to three
// times it after the number's previous send; a reply to a customer's own
// message keeps the short gap (3 s plus up to 2 s). Pure: the business's
// Durable Object keeps the last slot and calls this with its clock, and tests
// call it with theirs.

import { PAUSE_SECONDS } from "~/validation/accounts";

/** The owner's pause between business-started messages, in seconds (Settings: 10 to 120). */
const DEFAULT_PAUSE_SECONDS = 20;
/** Replies to a customer: 3 s, plus up to 2 s at random. */
export const REPLY_GAP = { minMs: 3_000, maxMs: 5_000 } as const;
/** Room for a send's own travel time, so a send handed over late does not land closer than the gap to the next. */
const PACE_MARGIN_MS = 500;

export type Origin = "business" | "reply";
export type GapRange = { minMs: number; maxMs: number };

/** The gap a message of this origin keeps after the number's previous send. */
export function gapFor(origin: Origin, pauseSeconds: number): GapRange {
  if (origin === "reply") return { ...REPLY_GAP };
  const pause =
    Math.min(PAUSE_SECONDS.max, Math.max(PAUSE_SECONDS.min, Math.round(pauseSeconds) || DEFAULT_PAUSE_SECONDS)) * 1000;
  return { minMs: pause, maxMs: 3 * pause };
}

export type Slot = { at: number; waitMs: number; reserved: boolean };

/**
 * The next send moment after `lastSlotAt`: a gap drawn from the range with
 * `random` (0 to 1), never before `now`. A moment further than `maxWaitMs`
 * away is not reserved: the caller tries again after `waitMs`.
 */
export function nextSlot(lastSlotAt: number, now: number, gap: GapRange, random: number, maxWaitMs: number): Slot {
  const span = Math.max(0, gap.maxMs - gap.minMs);
  const at = Math.max(
    now,
    lastSlotAt + gap.minMs + Math.floor(Math.min(Math.max(random, 0), 0.999999) * span) + PACE_MARGIN_MS,
  );
  const waitMs = at - now;
  return { at, waitMs, reserved: waitMs <= maxWaitMs };
}
