// The Worker's Web Push code (app/providers/push/web-push.server.ts, WebCrypto
// only) against the local push endpoint of the tests, which checks VAPID as a
// push service does and decrypts as the phone does (http_ece, by the author of
// RFC 8188): what is sent is what the phone reads, and a wrong key fails.
import { createECDH } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPushRequest, encryptPayload, sendPush, type VapidKeys } from "~/providers/push/web-push.server";
import { checkVapid, startPushEndpoint, type PushEndpoint } from "../e2e/support/push-endpoint";

function vapidPair(): VapidKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: ecdh.getPrivateKey().toString("base64url"),
    subject: "mailto:owner@example.com",
  };
}

const keys = vapidPair();
let push: PushEndpoint;
beforeAll(async () => {
  push = await startPushEndpoint({ vapidPublicKey: keys.publicKey });
});
afterAll(() => push.close());

describe("Web Push (RFC 8291 + RFC 8292) on WebCrypto", () => {
  it("delivers a JSON payload the subscriber decrypts, with TTL and Urgency, signed for the endpoint's origin", async () => {
    const sub = push.subscriber();
    const payload = {
      title: "Chatbook",
      body: "בקשת הזמנה חדשה: נועה כהן, תספורת, מחר 17:00",
      url: "/dashboard/sync?proposal=p1",
      tag: "p1",
    };
    const res = await sendPush(sub, payload, keys, { ttl: 86_000, urgency: "high" });
    expect(res.status).toBe(201);
    const [got] = push.received.filter((r) => r.endpoint === sub.endpoint);
    expect(got.payload).toEqual(payload);
    expect(got.ttl).toBe(86_000);
    expect(got.urgency).toBe("high");
    expect(got.jwt.aud).toBe(push.url);
    expect(got.jwt.sub).toBe("mailto:owner@example.com");
  });

  it("two messages of the same text differ on the wire (fresh salt and key each time)", async () => {
    const sub = push.subscriber();
    const a = await encryptPayload(sub, new TextEncoder().encode("same"));
    const b = await encryptPayload(sub, new TextEncoder().encode("same"));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    // Header: 16-byte salt, record size 4096 or less, 65-byte key id (the sender's public key).
    expect(a[20]).toBe(65);
    expect(a[21]).toBe(4);
  });

  it("a message encrypted for another phone's keys cannot be read: the endpoint refuses it", async () => {
    const sub = push.subscriber();
    const other = push.subscriber();
    const res = await sendPush(
      { endpoint: sub.endpoint, p256dh: other.p256dh, auth: other.auth },
      { title: "x" },
      keys,
      { ttl: 60 },
    );
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/cannot decrypt/);
    expect(push.received.some((r) => r.endpoint === sub.endpoint)).toBe(false);
  });

  it("a request signed with another VAPID key is refused, as a push service would", async () => {
    const sub = push.subscriber();
    const stranger = vapidPair();
    const res = await sendPush(sub, { title: "x" }, stranger, { ttl: 60 });
    expect(res.status).toBe(403);
    // The key in k= is checked; so is the signature when k= claims the right key.
    const forged = await buildPushRequest(
      sub,
      { title: "x" },
      { ...stranger, publicKey: keys.publicKey },
      { ttl: 60 },
    ).catch((e: Error) => e);
    expect(forged).toBeInstanceOf(Error);
    const signed = await buildPushRequest(sub, { title: "x" }, stranger, { ttl: 60 });
    const swapped = signed.headers.Authorization.replace(/k=.*$/, `k=${keys.publicKey}`);
    expect(() => checkVapid(swapped, keys.publicKey, push.url)).toThrow(/signature/);
  });

  it("the JWT is for the push service's origin and expires within 24 hours", async () => {
    const sub = push.subscriber();
    const req = await buildPushRequest(sub, { title: "x" }, keys, { ttl: 60, now: Date.now() });
    const claims = checkVapid(req.headers.Authorization, keys.publicKey, push.url);
    expect(claims.exp as number).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
    expect(() => checkVapid(req.headers.Authorization, keys.publicKey, "https://fcm.googleapis.com")).toThrow(/aud/);
    const old = await buildPushRequest(sub, { title: "x" }, keys, { ttl: 60, now: Date.now() - 13 * 3600_000 });
    expect(() => checkVapid(old.headers.Authorization, keys.publicKey, push.url)).toThrow(/exp/);
  });

  it("a gone subscription answers 410", async () => {
    const sub = push.subscriber();
    push.gone(sub.endpoint);
    expect((await sendPush(sub, { title: "x" }, keys, { ttl: 60 })).status).toBe(410);
  });

  it("refuses keys that are not P-256 before sending anything", async () => {
    const sub = push.subscriber();
    await expect(encryptPayload({ ...sub, p256dh: sub.auth }, new Uint8Array(1))).rejects.toThrow(/P-256/);
    await expect(encryptPayload({ ...sub, auth: sub.p256dh }, new Uint8Array(1))).rejects.toThrow(/16 bytes/);
  });
});
