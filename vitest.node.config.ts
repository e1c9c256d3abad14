import { defineConfig } from "vitest/config";

// Tests that run in Node rather than workerd: the WhatsApp simulator, the
// offline extractor's evaluation, and the browser tests (Chromium).
export default defineConfig({
  test: {
    include: ["test/node/**/*.test.ts", "test/e2e/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
