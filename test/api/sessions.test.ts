import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";

describe("WhatsApp session API", () => {
  it("needs a signed-in owner", async () => {
    const res = await SELF.fetch("http://localhost/api/sessions/anything");
    expect(res.status).toBe(401);
  });

  it("answers 404 for a session that does not exist yet", async () => {
    const owner = await signedInOwner();
    const res = await owner.api(`/api/sessions/${owner.businessId}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: "no-session" });
  });

  it("connects, shows a QR, and deletes; another business's session is 404 and untouched", async () => {
    const owner = await signedInOwner();
    const intruder = await signedInOwner();
    const created = await owner.api("/api/sessions", {
      method: "POST",
      json: { name: owner.businessId, start: false, config: { store: { enabled: true } } },
    });
    expect(created.status).toBe(200);
    expect(["STARTING", "SCAN_QR_CODE"]).toContain((await created.json<{ status: string }>()).status);

    for (const [path, method] of [
      [`/api/sessions/${owner.businessId}`, "GET"],
      [`/api/sessions/${owner.businessId}`, "DELETE"],
      [`/api/sessions/${owner.businessId}/restart`, "POST"],
      [`/api/${owner.businessId}/auth/qr`, "GET"],
    ] as const) {
      expect((await intruder.api(path, { method })).status).toBe(404);
    }
    expect((await intruder.api("/api/sessions", { method: "POST", json: { name: owner.businessId } })).status).toBe(
      404,
    );

    let qr: Response | null = null;
    for (let i = 0; i < 30; i++) {
      await new Promise((r) => setTimeout(r, 200));
      qr = await owner.api(`/api/${owner.businessId}/auth/qr`);
      if (qr.status === 200) break;
    }
    expect(qr?.headers.get("Content-Type")).toBe("image/png");

    const deleted = await owner.api(`/api/sessions/${owner.businessId}`, { method: "DELETE" });
    expect(await deleted.json()).toMatchObject({ success: true, status: "no-session" });
  });

  it("rejects bad input with a message", async () => {
    const owner = await signedInOwner();
    const bad = await owner.api("/api/sessions", {
      method: "POST",
      body: "{oops",
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, detail: "The request body is not valid JSON." });
    expect((await owner.api("/api/sessions", { method: "POST", json: { name: 42 } })).status).toBe(400);
    expect((await owner.api("/api/sessions", { method: "POST", json: { name: "x".repeat(10_000) } })).status).toBe(400);
  });
});
