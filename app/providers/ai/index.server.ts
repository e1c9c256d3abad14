// Which extractor the sync uses. EXTRACTOR="offline" never calls a model;
// "auto" (the default) asks Workers AI and falls back to the offline
// extractor whenever that call fails or is unavailable (locally the binding
// answers "Binding AI needs to be run remotely"). With an allowance, each
// Workers AI call is asked for first; a refused (or failed) ask reads the chat
// offline instead, so a business's daily cap holds whoever reads.
import { offlineExtractor } from "./offline";
import type { BookingExtractor, ExtractInput } from "./types";
import { createWorkersAiExtractor, type AiRunner } from "./workers-ai.server";

/** Answers whether one more Workers AI call may be made now (and counts it when yes). */
export type AiAllowance = () => Promise<boolean>;

export function getExtractor(
  env: Pick<Env, "EXTRACTOR" | "AI_MODEL"> & { AI?: unknown },
  allowance?: AiAllowance,
): BookingExtractor {
  const mode = (env.EXTRACTOR || "auto").trim().toLowerCase();
  if (mode === "offline" || !env.AI || !env.AI_MODEL) return offlineExtractor;
  const ai = withFallback(createWorkersAiExtractor(env.AI as AiRunner, env.AI_MODEL), offlineExtractor);
  return allowance ? withAllowance(ai, offlineExtractor, allowance) : ai;
}

/** `primary` only when the allowance says yes; nothing to read costs nothing. */
function withAllowance(
  primary: BookingExtractor,
  fallback: BookingExtractor,
  allowance: AiAllowance,
): BookingExtractor {
  return {
    name: primary.name,
    async extract(input: ExtractInput) {
      if (!input.services.length || !input.messages.length) return [];
      let allowed = false;
      try {
        allowed = await allowance();
      } catch (error) {
        console.error("Asking for a Workers AI call failed; reading offline", error);
      }
      return (allowed ? primary : fallback).extract(input);
    },
  };
}

const reported = new Set<string>();

export function withFallback(primary: BookingExtractor, fallback: BookingExtractor): BookingExtractor {
  return {
    name: `${primary.name}|${fallback.name}`,
    async extract(input: ExtractInput) {
      try {
        return await primary.extract(input);
      } catch (error) {
        // Once per reason and isolate: locally every call fails the same way.
        const reason = error instanceof Error ? error.message : String(error);
        if (!reported.has(reason)) {
          if (reported.size > 50) reported.clear();
          reported.add(reason);
          console.warn(`${primary.name} extractor unavailable, using ${fallback.name}: ${reason}`);
        }
        return fallback.extract(input);
      }
    },
  };
}
