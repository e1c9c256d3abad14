// The live trigger's limits, apart from its reading code so the business's
// Durable Object can use them without loading the proposals services.

/** A customer's chat is read once they have been quiet this long after writing. */
export const LIVE_QUIET_MS = 60_000;

/**
 * The quiet period: LIVE_QUIET_MS, unless the optional var WA_LIVE_QUIET_MS
 * shortens it (5 s to a minute; browser tests, which cannot move the Durable
 * Object's clock, as WA_BACKSTOP_MS does for the backstop). Never set in
 * production: a deploy without it waits the minute.
 */
export function liveQuietPeriod(env: object): number {
  const raw = Number((env as { WA_LIVE_QUIET_MS?: string }).WA_LIVE_QUIET_MS);
  return Number.isInteger(raw) && raw >= 5_000 && raw <= LIVE_QUIET_MS ? raw : LIVE_QUIET_MS;
}
/** Workers AI calls per business per local day when AI_DAILY_CALLS is not set (or not a number). */
const AI_DAILY_CALLS_DEFAULT = 300;

/** AI_DAILY_CALLS from the Worker's vars: a whole number from 0 up; anything else is the default. */
export function aiDailyCalls(env: Pick<Env, "AI_DAILY_CALLS">): number {
  const raw = String(env.AI_DAILY_CALLS ?? "").trim();
  return /^\d+$/.test(raw) ? Number(raw) : AI_DAILY_CALLS_DEFAULT;
}
