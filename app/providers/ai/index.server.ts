// Which extractor the sync uses. EXTRACTOR="offline" never calls a model;
// "auto" (the default) asks Workers AI and falls back to the offline
// extractor whenever that call fails or is unavailable (locally the binding
// answers "Binding AI needs to be run remotely").
import { offlineExtractor } from "./offline";
import type { BookingExtractor, ExtractInput } from "./types";
import { createWorkersAiExtractor, type AiRunner } from "./workers-ai.server";

export function getExtractor(env: Pick<Env, "EXTRACTOR" | "AI_MODEL"> & { AI?: unknown }): BookingExtractor {
  const mode = (env.EXTRACTOR || "auto").trim().toLowerCase();
  if (mode === "offline" || !env.AI || !env.AI_MODEL) return offlineExtractor;
  return withFallback(createWorkersAiExtractor(env.AI as AiRunner, env.AI_MODEL), offlineExtractor);
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
