// Number safety's settings on the business: the daily budget and the pause switch.
import type { SafetyPatchInput } from "~/validation/safety";

export type SafetySettings = { daily_message_budget: number; paused: boolean };

export function safetyOf(business: { dailyMessageBudget: number; paused: boolean }): SafetySettings {
  return { daily_message_budget: business.dailyMessageBudget, paused: business.paused };
}

/** Saves the fields that were sent and answers the new settings. Turning the pause off lets the next sweep take what waited. */
export async function updateSafetySettings(
  d1: D1Database,
  business: { id: string; dailyMessageBudget: number; paused: boolean },
  patch: SafetyPatchInput,
): Promise<SafetySettings> {
  const next = {
    daily_message_budget: patch.daily_message_budget ?? business.dailyMessageBudget,
    paused: patch.paused ?? business.paused,
  };
  if (patch.daily_message_budget !== undefined || patch.paused !== undefined) {
    await d1
      .prepare(`UPDATE businesses SET daily_message_budget = ?2, paused = ?3 WHERE id = ?1`)
      .bind(business.id, next.daily_message_budget, next.paused ? 1 : 0)
      .run();
  }
  return next;
}
