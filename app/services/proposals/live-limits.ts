// The live trigger's limits, apart from its reading code so the business's
// Durable Object can use them without loading the proposals services.

/** A customer's chat is read once they have been quiet this long after writing. */
export const LIVE_QUIET_MS = 60_000;
/** Workers AI calls per business per local day when AI_DAILY_CALLS is not set (or not a number). */
export const AI_DAILY_CALLS_DEFAULT = 300;

/** AI_DAILY_CALLS from the Worker's vars: a whole number from 0 up; anything else is the default. */
export function aiDailyCalls(env: Pick<Env, "AI_DAILY_CALLS">): number {
  const raw = String(env.AI_DAILY_CALLS ?? "").trim();
  return /^\d+$/.test(raw) ? Number(raw) : AI_DAILY_CALLS_DEFAULT;
}
