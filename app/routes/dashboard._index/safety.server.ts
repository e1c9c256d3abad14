// The Connect tab's "Keep your number safe" card: the pause switch and the
// number's last 7 days (read on page load, not on every 2 s status poll).
import { data } from "@remix-run/cloudflare";
import type { AuthedUser } from "~/services/auth/session.server";
import { budgetUsed } from "~/services/safety/budget.server";
import { numberHealth, type NumberHealth } from "~/services/safety/health.server";
import { updateSafetySettings } from "~/services/safety/settings.server";
import type { Problem } from "~/utils/problem";
import { validate } from "~/validation/parse";
import { PauseSwitchForm } from "~/validation/safety";

export type SafetyView = { paused: boolean; budget: number; used: number; health: NumberHealth };

export async function safetyView(env: Env, business: AuthedUser["business"], now: number): Promise<SafetyView> {
  const [health, used] = await Promise.all([
    numberHealth(env.DB, business.id, now),
    budgetUsed(env.DB, business.id, business.timeZone, now),
  ]);
  return { paused: business.paused, budget: business.dailyMessageBudget, used, health };
}

export type PauseAnswer =
  { ok: true; intent: "pause"; paused: boolean } | { ok: false; intent: "pause"; problem: Problem };

/** intent=pause, paused=on|off: the switch. */
export async function pauseAction(env: Env, business: AuthedUser["business"], form: FormData) {
  const parsed = validate(PauseSwitchForm, { paused: form.get("paused") });
  if (!parsed.ok) return data<PauseAnswer>({ ok: false, intent: "pause", problem: parsed.problem }, 400);
  const saved = await updateSafetySettings(env.DB, business, { paused: parsed.value.paused });
  return data<PauseAnswer>({ ok: true, intent: "pause", paused: saved.paused });
}
