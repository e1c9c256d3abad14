// Google's token and userinfo endpoints stubbed (fetch in this isolate); the
// rest of a Google sign-in runs for real.
import { vi } from "vitest";

export type Profile = { sub: string; email: string; email_verified: boolean; name: string };

/** Google's token and userinfo endpoints: each code stands for a profile, "bad" codes fail. */
export function mockGoogle(profiles: Record<string, Profile>) {
  const tokenRequests: URLSearchParams[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === "https://oauth2.googleapis.com/token") {
      const body = new URLSearchParams(String(init?.body ?? ""));
      tokenRequests.push(body);
      const code = body.get("code") ?? "";
      if (!profiles[code]) return Response.json({ error: "invalid_grant" }, { status: 400 });
      return Response.json({
        access_token: `at-${code}`,
        expires_in: 3599,
        token_type: "Bearer",
        scope: "openid email profile",
        id_token: "x.y.z",
      });
    }
    if (url === "https://www.googleapis.com/oauth2/v3/userinfo") {
      const auth = new Headers(init?.headers).get("Authorization") ?? "";
      const profile = profiles[auth.replace("Bearer at-", "")];
      return profile ? Response.json(profile) : Response.json({ error: "invalid_token" }, { status: 401 });
    }
    return real(input, init);
  });
  return tokenRequests;
}
