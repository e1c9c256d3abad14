// Unit tests of pure code (the extractor's rules, validation, phone numbers,
// HTTP helpers) that need no Worker runtime: they run in Node (vitest.node.config.ts),
// where a file starts in milliseconds instead of the seconds a workerd runner
// takes to load the app. Code whose answers depend on the runtime's time zone
// and locale data (free slots, drafts' wording, time zones) stays in workerd.
export const RUNS_IN_NODE = [
  "test/providers/workers-ai.test.ts",
  "test/providers/ai/*.test.ts",
  "test/services/rules-logic.test.ts",
  "test/validation/*.test.ts",
  "test/utils/base64.test.ts",
  "test/utils/http.test.ts",
  "test/utils/phone.test.ts",
  "test/utils/time-of-day.test.ts",
];
