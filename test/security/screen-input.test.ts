// RELIABILITY 9 for the screens: every screen action and loader, given
// hostile form values, files where text belongs, repeated keys, unknown
// intents or hostile query strings, answers below 500. (Bodies that are not
// forms, cross-site posts and oversized bodies: request-guard.test.ts.)
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { seedBooking, seedBusiness, seedClient } from "../support/seed";

const HOSTILE = [
  "",
  "x".repeat(20_000),
  "\u0000<script>",
  "-1e309",
  "9999-99-99",
  "25:99",
  '[{"service":1}]',
  "😀".repeat(500),
  "' OR 1=1 --",
];

/** Each screen action, its intents and every field name it reads. */
const ACTIONS: { path: string; intents: string[]; fields: string[] }[] = [
  {
    path: "/dashboard/clients",
    intents: ["create", "update", "delete", "clear-waiting", "bogus"],
    fields: ["id", "name", "phone", "tags", "notes"],
  },
  {
    path: "/dashboard/calendar",
    intents: ["create", "edit", "update", "delete", "status", "bogus"],
    fields: ["id", "name", "phone", "service", "booking_date", "booking_time", "notes", "status"],
  },
  {
    path: "/dashboard/sync",
    intents: ["service-add", "service-update", "service-delete", "preview", "save", "bogus"],
    fields: ["id", "service", "user_id", "items"],
  },
  {
    path: "/dashboard/settings",
    intents: ["profile", "password", "messaging", "bogus"],
    fields: [
      "name",
      "email",
      "business_name",
      "phone",
      "city",
      "country",
      "country_text",
      "timezone",
      "send_time",
      "message_retention_days",
      "agree_terms",
      "agree_updates",
      "current_password",
      "new_password",
      "confirm_password",
      "message_language",
      "pause_between_messages",
      "quiet_hours_start",
      "quiet_hours_end",
    ],
  },
  { path: "/dashboard/clients/import", intents: ["import-preview", "import", "bogus"], fields: ["file"] },
  {
    path: "/dashboard/rules",
    intents: ["create", "delete", "bogus"],
    fields: [
      "type",
      "services",
      "template",
      "schedule_type",
      "schedule_value",
      "customDate",
      "customTime",
      "ask_confirmation",
      "booking_id",
      "rule_group_id",
      "id",
    ],
  },
  {
    path: "/dashboard/settings/data",
    intents: ["feed-create", "feed-revoke", "delete-account", "bogus"],
    fields: ["password", "confirm_email"],
  },
  {
    path: "/login",
    intents: ["login", "verify", "resend", "token", "bogus"],
    fields: ["email", "password", "code", "token", "redirectTo"],
  },
  {
    path: "/register",
    intents: ["register", "verify", "resend", "bogus"],
    fields: [
      "name",
      "business_name",
      "country",
      "country_text",
      "phone",
      "email",
      "password",
      "confirm_password",
      "city",
      "agree_terms",
      "agree_updates",
      "timezone",
      "code",
    ],
  },
  { path: "/forgot-password", intents: [""], fields: ["email"] },
  { path: "/reset-password", intents: [""], fields: ["token", "new_password", "confirm_password"] },
  { path: "/language", intents: [""], fields: ["lang", "redirectTo"] },
  { path: "/logout", intents: [""], fields: [] },
];

const LOADERS = [
  "/",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/dashboard",
  "/dashboard/clients",
  "/dashboard/calendar",
  "/dashboard/rules",
  "/dashboard/settings",
  "/dashboard/sync",
  "/dashboard/clients/import",
  "/dashboard/settings/data",
  "/feed/not-a-feed.ics",
];
const QUERY_KEYS = [
  "q",
  "from",
  "to",
  "cursor",
  "view",
  "start",
  "end",
  "date",
  "redirectTo",
  "error",
  "error_description",
  "state",
  "lang",
  "index",
  "_routes",
];

describe("screens never answer 5xx", () => {
  it("to hostile values in every field of every action and intent", async () => {
    const owner = await signedInOwner();
    // Ids of another business's rows, for the id fields.
    const other = await seedBusiness();
    const otherClient = await seedClient(other.businessId);
    const otherBooking = await seedBooking(other.businessId, otherClient);
    const values = [...HOSTILE, otherClient, String(otherBooking)];
    const failures: string[] = [];
    for (const { path, intents, fields } of ACTIONS) {
      for (const intent of intents) {
        for (const value of values) {
          const body = new URLSearchParams(intent ? { intent } : {});
          for (const f of fields) body.append(f, value);
          // Logout ends the session; give it its own.
          const res =
            path === "/logout"
              ? await SELF.fetch(`http://localhost${path}`, { method: "POST", body, redirect: "manual" })
              : await owner.page(path, { method: "POST", body });
          if (res.status >= 500)
            failures.push(`${path} ${intent} ${JSON.stringify(value.slice(0, 30))}: ${res.status}`);
          await res.body?.cancel();
        }
      }
    }
    expect(failures).toEqual([]);
    // Nor did any of it make a rule (a hostile create is refused, not half-written).
    const rules = await env.DB.prepare("SELECT count(*) AS n FROM rules WHERE business_id = ?")
      .bind(owner.businessId)
      .first<{ n: number }>();
    expect(rules?.n).toBe(0);
  }, 120_000);

  it("to files where text belongs and to repeated keys", async () => {
    const owner = await signedInOwner();
    const failures: string[] = [];
    for (const { path, intents, fields } of ACTIONS) {
      if (path === "/logout") continue;
      for (const intent of intents) {
        const multipart = new FormData();
        if (intent) multipart.append("intent", intent);
        for (const f of fields)
          multipart.append(f, new File(["not text"], "evil.bin", { type: "application/octet-stream" }));
        const asFiles = await owner.page(path, { method: "POST", body: multipart });
        if (asFiles.status >= 500) failures.push(`${path} ${intent} files: ${asFiles.status}`);
        await asFiles.body?.cancel();

        const repeated = new URLSearchParams();
        for (let i = 0; i < 3; i++) {
          repeated.append("intent", intent);
          for (const f of fields) repeated.append(f, `v${i}`);
        }
        const res = await owner.page(path, { method: "POST", body: repeated });
        if (res.status >= 500) failures.push(`${path} ${intent} repeated: ${res.status}`);
        await res.body?.cancel();
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("to hostile query strings on every screen, signed in or not", async () => {
    const owner = await signedInOwner();
    const failures: string[] = [];
    const hostile = ["x".repeat(3000), "%ZZ", "9999-99-99", "//evil.example\u0000"];
    for (const path of LOADERS) {
      for (const value of hostile) {
        const query = QUERY_KEYS.map((k) => `${k}=${encodeURIComponent(value)}`).join("&");
        for (const signedIn of [true, false]) {
          const url = `${path}?${query}`;
          const res = signedIn
            ? await owner.page(url)
            : await SELF.fetch(`http://localhost${url}`, { redirect: "manual" });
          if (res.status >= 500) failures.push(`${url.slice(0, 80)} signedIn=${signedIn}: ${res.status}`);
          await res.body?.cancel();
        }
      }
      // A raw, badly encoded query straight from an attacker's link.
      const raw = await owner.page(`${path}?from=%E0%A4%A&to=%&q=%%`);
      if (raw.status >= 500) failures.push(`${path} raw: ${raw.status}`);
      await raw.body?.cancel();
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
