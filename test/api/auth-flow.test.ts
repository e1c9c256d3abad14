import { describe, expect, it } from "vitest";
import { callJson, latestCode, outbox, registration, row, uniqueEmail } from "../support/accounts";

describe("register, verify and log in through the API", () => {
  it("registers, mails a 6-digit code, verifies it and signs in with a bearer token", async () => {
    const email = uniqueEmail("flow");
    const reg = await callJson("/api/auth/register", registration(email.toUpperCase()));
    expect(reg.status).toBe(200);
    expect(reg.data.success).toBe(true);

    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: email });
    expect(Object.keys(mails[0]).sort()).toEqual(["created_at", "subject", "text", "to"]);
    const code = await latestCode(email);

    const early = await callJson("/api/auth/login", { email, password: "secret-pass-1" });
    expect(early.status).toBe(403);
    expect(early.data).toMatchObject({ success: false, code: "email_not_verified" });

    const verify = await callJson("/api/auth/verify", { email, token: code });
    expect(verify.status).toBe(200);
    expect(verify.data.success).toBe(true);

    const login = await callJson("/api/auth/login", { email, password: "secret-pass-1" });
    expect(login.status).toBe(200);
    expect(login.data.token.split(".")).toHaveLength(3);
    expect(login.data.user).toMatchObject({
      email,
      user_metadata: { name: "Noa Levi", business_name: "Noa's Studio", country: "IL", timezone: "Asia/Jerusalem" },
      app_metadata: { provider: "email" },
    });

    const profile = await callJson("/api/user/profile", undefined, { token: login.data.token });
    expect(profile.status).toBe(200);
    expect(profile.data.data.name).toBe("Noa Levi");
    expect(profile.data.data.business_id).toMatch(/^biz_[0-9a-f]{16}$/);
    const business = await row<{ country: string; time_zone: string; send_time: string }>(
      "SELECT * FROM businesses WHERE id = ?",
      profile.data.data.business_id,
    );
    expect(business).toMatchObject({ country: "IL", time_zone: "Asia/Jerusalem", send_time: "10:00" });
  });
});
