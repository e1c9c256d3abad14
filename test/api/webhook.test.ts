import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signWebhook } from "../../app/providers/whatsapp/webhook-signature";
import { webhookKeyFor } from "../../app/services/whatsapp/webhook-key.server";
import { businessSession } from "../../app/services/whatsapp/session.server";
import { seedBusiness } from "../support/seed";

let seq = 0;
function messageEvent(businessId: string, overrides: Record<string, unknown> = {}, at = Date.now()) {
  return {
    id: `evt_${seq++}`,
    timestamp: at,
    event: "message.any",
    session: businessId,
    me: { id: "972500000001@c.us", pushName: "Salon" },
    engine: "NOWEB",
    payload: {
      id: `false_972541234567@c.us_${crypto.randomUUID()}`,
      timestamp: Math.floor(at / 1000),
      from: "972541234567@c.us",
      to: "972500000001@c.us",
      fromMe: false,
      source: "app",
      body: "Can I book Friday at 10?",
      hasMedia: false,
      _data: { pushName: "Maya Azulay" },
      ...overrides,
    },
  };
}

async function post(raw: string, signature: string | null) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["X-Webhook-Hmac"] = signature;
  return SELF.fetch("http://localhost/api/webhook", { method: "POST", headers, body: raw });
}

async function signedPost(businessId: string, event: object) {
  const raw = JSON.stringify(event);
  return post(raw, await signWebhook(raw, await webhookKeyFor(env, businessId)));
}

const count = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n;

describe("POST /api/webhook", () => {
  it("stores a customer's message and contact under the right business", async () => {
    const { businessId } = await seedBusiness();
    const other = await seedBusiness();
    const event = messageEvent(businessId);
    const res = await signedPost(businessId, event);
    expect(res.status).toBe(200);
    const contact = await env.DB.prepare("SELECT * FROM wa_contacts WHERE business_id = ?").bind(businessId).first();
    expect(contact).toMatchObject({ chat_id: "972541234567@c.us", phone: "972541234567", name: "Maya Azulay" });
    const msg = await env.DB.prepare("SELECT * FROM wa_messages WHERE business_id = ?").bind(businessId).first();
    expect(msg).toMatchObject({ provider_id: event.payload.id, from_me: 0, body: "Can I book Friday at 10?" });
    expect(await count("SELECT count(*) AS n FROM wa_messages WHERE business_id = ?", other.businessId)).toBe(0);
  });

  it("rejects a changed byte, re-serialised JSON, a missing header and the wrong secret, storing nothing", async () => {
    const { businessId } = await seedBusiness();
    const event = messageEvent(businessId);
    const raw = JSON.stringify(event);
    const good = await signWebhook(raw, await webhookKeyFor(env, businessId));
    const changed = raw.replace("Friday", "Fridaz");
    expect((await post(changed, good)).status).toBe(401);
    expect((await post(JSON.stringify(event, null, 2), good)).status).toBe(401);
    expect((await post(raw, null)).status).toBe(401);
    expect((await post(raw, await signWebhook(raw, "not-the-secret"))).status).toBe(401);
    // Signed with another business's key.
    const other = await seedBusiness();
    expect((await post(raw, await signWebhook(raw, await webhookKeyFor(env, other.businessId)))).status).toBe(401);
    expect(await count("SELECT count(*) AS n FROM wa_messages WHERE business_id = ?", businessId)).toBe(0);
  });

  it("rejects stale events", async () => {
    const { businessId } = await seedBusiness();
    const res = await signedPost(businessId, messageEvent(businessId, {}, Date.now() - 6 * 60 * 1000));
    expect(res.status).toBe(401);
    expect(await count("SELECT count(*) AS n FROM wa_messages WHERE business_id = ?", businessId)).toBe(0);
  });

  it("stores the same event once, replayed in sequence and concurrently", async () => {
    const { businessId } = await seedBusiness();
    const event = messageEvent(businessId);
    await signedPost(businessId, event);
    await signedPost(businessId, event);
    await Promise.all(Array.from({ length: 5 }, () => signedPost(businessId, event)));
    expect(await count("SELECT count(*) AS n FROM wa_messages WHERE business_id = ?", businessId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM wa_contacts WHERE business_id = ?", businessId)).toBe(1);
  });

  it("drops groups, broadcasts and newsletters", async () => {
    const { businessId } = await seedBusiness();
    for (const from of ["120363025@g.us", "status@broadcast", "1203630@newsletter"]) {
      const id = `false_${from}_${crypto.randomUUID()}`;
      expect((await signedPost(businessId, messageEvent(businessId, { id, from }))).status).toBe(200);
    }
    expect(await count("SELECT count(*) AS n FROM wa_messages WHERE business_id = ?", businessId)).toBe(0);
  });

  it("keeps the owner's own messages in the customer's chat", async () => {
    const { businessId } = await seedBusiness();
    await signedPost(
      businessId,
      messageEvent(businessId, {
        fromMe: true,
        from: "972500000001@c.us",
        to: "972541234567@c.us",
        body: "See you Friday!",
        _data: {},
      }),
    );
    const msg = await env.DB.prepare("SELECT chat_id, from_me FROM wa_messages WHERE business_id = ?")
      .bind(businessId)
      .first();
    expect(msg).toEqual({ chat_id: "972541234567@c.us", from_me: 1 });
  });

  it("passes session.status events to the business's session", async () => {
    const { businessId } = await seedBusiness();
    const res = await signedPost(businessId, {
      id: "evt_s",
      timestamp: Date.now(),
      event: "session.status",
      session: businessId,
      me: { id: "972500000001@c.us", pushName: "Salon" },
      payload: { status: "WORKING" },
    });
    expect(res.status).toBe(200);
    const view = await businessSession(env, businessId).status(businessId);
    expect(view.status).not.toBe("disconnected");
  });

  it("answers 4xx, never 500, to malformed bodies", async () => {
    expect((await post("{not json", "00")).status).toBe(400);
    expect((await post(JSON.stringify({ hello: "world" }), "00")).status).toBe(400);
    expect((await post("x".repeat(300_000), "00")).status).toBe(413);
  });

  it("tells the gateway what became of each event, in its status and body", async () => {
    const { businessId } = await seedBusiness();
    const answered = async (res: Response) => [res.status, await res.json()];
    const event = messageEvent(businessId);
    expect(await answered(await signedPost(businessId, event))).toEqual([200, { ok: true, stored: true }]);
    expect(await answered(await signedPost(businessId, event))).toEqual([200, { ok: true, stored: false }]);
    const other = { ...messageEvent(businessId), event: "presence.update", payload: {} };
    expect(await answered(await signedPost(businessId, other))).toEqual([200, { ignored: "presence.update" }]);
    const nobody = `biz_${crypto.randomUUID()}`;
    expect(await answered(await signedPost(nobody, messageEvent(nobody)))).toEqual([
      202,
      { ignored: "unknown session" },
    ]);
    const bad = { ...messageEvent(businessId), payload: { id: 1 } };
    expect(await answered(await signedPost(businessId, bad))).toEqual([400, { error: "Bad message payload" }]);
    const ack = { ...messageEvent(businessId), event: "message.ack", payload: {} };
    expect(await answered(await signedPost(businessId, ack))).toEqual([400, { error: "Bad ack payload" }]);
    const raw = JSON.stringify(messageEvent(businessId));
    expect(await answered(await post(raw, "00"))).toEqual([401, { error: "Invalid signature" }]);
    const stale = messageEvent(businessId, {}, Date.now() - 6 * 60 * 1000);
    expect(await answered(await signedPost(businessId, stale))).toEqual([401, { error: "Stale event" }]);
    expect(await answered(await post("{not json", "00"))).toEqual([400, { error: "Invalid JSON" }]);
    expect(await answered(await post("{}", "00"))).toEqual([400, { error: "Not a webhook event" }]);
  });
});
