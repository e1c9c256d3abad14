import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { businessSession } from "../../app/services/whatsapp/session.server";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

describe("Connect tab (server)", () => {
  it("runs its buttons through its own action, answering the spec's failures as keys", async () => {
    const owner = await signedInOwner();
    const connected = await owner.page("/dashboard?index", form({ intent: "connect" }));
    expect(connected.status).toBe(200);
    expect(["STARTING", "SCAN_QR_CODE"]).toContain(
      (await businessSession(env, owner.businessId).status(owner.businessId)).status,
    );

    // The page polls its own loader: the QR image comes along while one is on offer.
    let page = "";
    for (let i = 0; i < 30 && !page.includes("data:image/png;base64,"); i++) {
      await new Promise((r) => setTimeout(r, 200));
      page = await (await owner.page("/dashboard")).text();
    }
    expect(page).toContain("data:image/png;base64,");

    const cancelled = await owner.page("/dashboard?index", form({ intent: "cancel" }));
    expect(cancelled.status).toBe(200);
    expect((await businessSession(env, owner.businessId).status(owner.businessId)).status).toBe("no-session");

    for (const intent of ["reboot", "", "x".repeat(20_000), "\u0000<script>"]) {
      const unknown = await owner.page("/dashboard?index", form({ intent }));
      expect(unknown.status).toBe(400);
      expect(await unknown.text()).toContain("problem.unknownAction");
    }
    // A hand-edited poll: the page, without a QR it cannot name.
    expect((await owner.page("/dashboard?qr=-1e309&poll=%00")).status).toBe(200);
  });

  it("sends a signed-out post to the login page", async () => {
    const res = await SELF.fetch("http://localhost/dashboard?index", {
      ...form({ intent: "connect" }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login/);
  });
});
