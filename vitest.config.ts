import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { RUNS_IN_NODE } from "./test/runs-in-node";

// Unit and integration tests inside workerd: the real D1 (migrations applied),
// the Durable Object, the queue consumer and the cron handler.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(__dirname, "migrations"));
  return {
    resolve: { alias: { "~": path.join(__dirname, "app"), "~db": path.join(__dirname, "db") } },
    plugins: [
      cloudflareTest(({ inject }) => ({
        main: "./workers/app.ts",
        remoteBindings: false,
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SESSION_SECRET: "test-session-secret-0123456789abcdef",
            WEBHOOK_SECRET: "test-webhook-secret-0123456789abcdef",
            WAHA_API_KEY: "test-waha-key",
            GOOGLE_CLIENT_ID: "test-google-client",
            GOOGLE_CLIENT_SECRET: "test-google-secret",
            RESEND_API_KEY: "",
            // No Web Push unless a test passes keys (test/support/vapid.ts), whatever .dev.vars holds.
            VAPID_PUBLIC_KEY: "",
            VAPID_PRIVATE_KEY: "",
            VAPID_SUBJECT: "",
            EXTRACTOR: "offline",
            WAHA_URL: inject("simUrl"),
            WEBJS_SIM_URL: inject("webjsSimUrl"),
          },
        },
      })),
    ],
    test: {
      include: ["test/**/*.test.ts"],
      exclude: ["test/node/**", "test/e2e/**", "node_modules/**", ...RUNS_IN_NODE],
      globalSetup: ["./test/support/global-setup.ts"],
      setupFiles: ["./test/support/apply-migrations.ts"],
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: ["@remix-run/cloudflare", "remix-auth", "remix-auth-oauth2", "remix-auth-google"],
          },
        },
      },
    },
  };
});
