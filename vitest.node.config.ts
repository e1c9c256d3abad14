import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { RUNS_IN_NODE } from "./test/runs-in-node";

// Tests that run in Node rather than workerd: the WhatsApp simulator, the
// offline extractor's evaluation, unit tests of pure code (test/runs-in-node.ts),
// and the browser tests (Chromium), which
// share one served product started once (test/e2e/support/shared-stack.ts).
export default defineConfig({
  // The app's own import prefixes (~ for app/, ~db for db/), as in vite.config.ts and tsconfig.json (tsx reads the latter).
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "~db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // expect.poll waits for what the page or the server will show. Its default
    // deadline (1 s) is shorter than a save's round trip on a busy 2-core machine
    // (the Durable Object, the reload after it): a poll fails then, not the app.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    projects: [
      { extends: true, test: { name: "node", include: ["test/node/**/*.test.ts", ...RUNS_IN_NODE] } },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["./test/e2e/support/shared-stack.ts"],
        },
      },
    ],
  },
});
