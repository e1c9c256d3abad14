// The cron purge: old rate-limit rows, used and expired codes, ended
// sessions, old outbox e-mails, and WhatsApp messages past each business's
// retention (Settings). Bounded batches; nothing live is touched.
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { PURGE_BATCH, purgeOldRows, REVOKED_KEEP_MS } from "../../app/services/retention.server";
import { signedInOwner } from "../support/auth";
import { seedBusiness } from "../support/seed";

const DAY = 86_400_000;
const NOW = Date.now();
let n = 0;

async function message(businessId: string, ageDays: number) {
  const id = `m${n++}_${crypto.randomUUID()}`;
  await env.DB.prepare(
    "INSERT INTO wa_messages (id, business_id, provider_id, chat_id, from_me, body, timestamp) VALUES (?, ?, ?, '972500000000@c.us', 0, 'hi', ?)",
  )
    .bind(id, businessId, id, NOW - ageDays * DAY)
    .run();
  return id;
}
const exists = async (table: string, column: string, value: string) =>
  Boolean(await env.DB.prepare(`SELECT 1 AS x FROM ${table} WHERE ${column} = ?`).bind(value).first());

describe("purgeOldRows", () => {
  it("deletes each business's messages past its own retention, and only those", async () => {
    const keepsLong = await seedBusiness();
    const keepsShort = await seedBusiness({ messageRetentionDays: 30 });
    const longOld = await message(keepsLong.businessId, 181);
    const longYoung = await message(keepsLong.businessId, 179);
    const shortOld = await message(keepsShort.businessId, 31);
    const shortYoung = await message(keepsShort.businessId, 29);

    const purged = await purgeOldRows({ env, now: NOW });
    expect(purged.messages).toBe(2);
    expect(await exists("wa_messages", "id", longOld)).toBe(false);
    expect(await exists("wa_messages", "id", shortOld)).toBe(false);
    expect(await exists("wa_messages", "id", longYoung)).toBe(true);
    expect(await exists("wa_messages", "id", shortYoung)).toBe(true);
  });

  it("deletes ended rate-limit windows, used and expired codes, expired sessions and week-old outbox e-mails", async () => {
    const { userId } = await seedBusiness();
    const run = (sql: string, ...args: unknown[]) =>
      env.DB.prepare(sql)
        .bind(...args)
        .run();
    await run(
      "INSERT INTO rate_limits (key, window_start, count) VALUES ('old', ?, 3), ('fresh', ?, 3)",
      NOW - 2 * 3_600_000,
      NOW - 60_000,
    );
    await run(
      `INSERT INTO verifications (id, target, purpose, code_hash, expires_at, attempts, used_at, created_at) VALUES
       ('used', 'a@x.co', 'signup', 'h', ?1, 0, ?2, ?2), ('expired', 'b@x.co', 'signup', 'h', ?2, 0, NULL, ?2), ('live', 'c@x.co', 'signup', 'h', ?1, 0, NULL, ?2)`,
      NOW + 600_000,
      NOW - 60_000,
    );
    await run(
      "INSERT INTO auth_sessions (id, user_id, kind, expires_at, created_at) VALUES ('s-expired', ?1, 'api', ?2, ?2), ('s-live', ?1, 'cookie', ?3, ?2)",
      userId,
      NOW - 1000,
      NOW + DAY,
    );
    await run(
      "INSERT INTO email_outbox (id, \"to\", subject, text, created_at) VALUES ('o-old', 'a@x.co', 's', 't', ?), ('o-new', 'a@x.co', 's', 't', ?)",
      NOW - 8 * DAY,
      NOW - DAY,
    );

    await purgeOldRows({ env, now: NOW });
    expect(await exists("rate_limits", "key", "old")).toBe(false);
    expect(await exists("rate_limits", "key", "fresh")).toBe(true);
    expect(await exists("verifications", "id", "used")).toBe(false);
    expect(await exists("verifications", "id", "expired")).toBe(false);
    expect(await exists("verifications", "id", "live")).toBe(true);
    expect(await exists("auth_sessions", "id", "s-expired")).toBe(false);
    expect(await exists("auth_sessions", "id", "s-live")).toBe(true);
    expect(await exists("email_outbox", "id", "o-old")).toBe(false);
    expect(await exists("email_outbox", "id", "o-new")).toBe(true);
  });

  it("forgets a deleted message's id a week on, when no late copy can come (the backstop reads 48 hours)", async () => {
    const { businessId } = await seedBusiness();
    const revoked = (keyId: string, at: number) =>
      env.DB.prepare("INSERT INTO wa_revoked (business_id, key_id, revoked_at) VALUES (?, ?, ?)")
        .bind(businessId, keyId, at)
        .run();
    await revoked("OLD", NOW - REVOKED_KEEP_MS - 60_000);
    await revoked("RECENT", NOW - 3 * DAY);
    const purged = await purgeOldRows({ env, now: NOW });
    expect(purged.revoked).toBe(1);
    expect(await exists("wa_revoked", "key_id", "OLD")).toBe(false);
    expect(await exists("wa_revoked", "key_id", "RECENT")).toBe(true);
  });

  it("deletes at most one batch per table per run", async () => {
    const { businessId } = await seedBusiness({ messageRetentionDays: 7 });
    const rows = PURGE_BATCH + 10;
    const values = Array.from(
      { length: rows },
      (_, i) => `('b${i}', '${businessId}', 'p${i}', 'c@c.us', 0, '', ${NOW - 30 * DAY})`,
    );
    for (let i = 0; i < values.length; i += 500) {
      await env.DB.prepare(
        `INSERT INTO wa_messages (id, business_id, provider_id, chat_id, from_me, body, timestamp) VALUES ${values.slice(i, i + 500).join(",")}`,
      ).run();
    }
    expect((await purgeOldRows({ env, now: NOW })).messages).toBe(PURGE_BATCH);
    expect((await purgeOldRows({ env, now: NOW })).messages).toBe(10);
  });

  it("runs on the cron", async () => {
    const { businessId } = await seedBusiness({ messageRetentionDays: 7 });
    const old = await message(businessId, 8);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: NOW, cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await exists("wa_messages", "id", old)).toBe(false);
  });
});

describe("the retention setting", () => {
  it("defaults to 180 days and is changed through the API within 7..3650", async () => {
    const owner = await signedInOwner();
    const get = async () =>
      ((await (await owner.api("/api/settings")).json()) as { settings: { message_retention_days: number } }).settings;
    expect((await get()).message_retention_days).toBe(180);
    const ok = await owner.api("/api/settings", { method: "PATCH", json: { message_retention_days: 30 } });
    expect(ok.status).toBe(200);
    expect((await get()).message_retention_days).toBe(30);
    for (const bad of [6, 3651, 30.5, -1]) {
      const res = await owner.api("/api/settings", { method: "PATCH", json: { message_retention_days: bad } });
      expect(res.status, String(bad)).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toBe(
        "Keep messages for a whole number of days from 7 to 3650.",
      );
    }
    const wrongType = await owner.api("/api/settings", { method: "PATCH", json: { message_retention_days: "30" } });
    expect(wrongType.status).toBe(400);
    expect((await get()).message_retention_days).toBe(30);
  });

  it("is a field of the Settings screen, in English and Hebrew, and a bad value shows the message", async () => {
    const owner = await signedInOwner();
    const en = await (await owner.page("/dashboard/settings")).text();
    expect(en).toContain("Keep WhatsApp messages for (days)");
    expect(en).toMatch(/name="message_retention_days"[^>]*value="180"/);
    const he = await (
      await SELF.fetch("http://localhost/dashboard/settings", { headers: { Cookie: `${owner.cookie}; lang=he` } })
    ).text();
    expect(he).toContain("שמירת הודעות וואטסאפ (ימים)");

    const save = (days: string) =>
      owner.page("/dashboard/settings", {
        method: "POST",
        body: new URLSearchParams({
          intent: "profile",
          name: "Dana Levi",
          business_name: "Dana's Salon",
          phone: "0521234567",
          city: "",
          country: "IL",
          timezone: "Asia/Jerusalem",
          send_time: "10:00",
          agree_terms: "on",
          message_retention_days: days,
        }),
      });
    const bad = await save("3e2");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(
      /data-testid="settings-error"[^>]*>Keep messages for a whole number of days from 7 to 3650\.</,
    );
    expect((await save("45")).status).toBe(200);
    const row = await env.DB.prepare("SELECT message_retention_days AS d FROM businesses WHERE id = ?")
      .bind(owner.businessId)
      .first<{ d: number }>();
    expect(row?.d).toBe(45);
  });
});
