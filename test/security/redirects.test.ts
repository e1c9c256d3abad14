// Open redirects after sign-in and after the language switch: a table of
// hostile targets, each sent the way an attacker would put it in a link.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../app/security/redirect";
import { registeredUser, uniqueIp } from "../support/accounts";

const HOSTILE = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  " //evil.example",
  "/ /evil.example",
  "/%09/evil.example",
  "/%2F/evil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "%2F%2Fevil.example",
  "/%252F%252Fevil.example",
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "data:text/html,hi",
  "evil.example",
  "/\u0000/evil.example",
  "//evil.example/%2e%2e",
  "/%E0%A4%A",
  "",
  // Dot segments: URL normalisation removes them after a check on the input would have passed.
  "/.//evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/a/b/../..//evil.example",
  "/./%2e//evil.example",
  "/.%2e//evil.example",
];
const SAFE: [string, string][] = [
  ["/dashboard", "/dashboard"],
  ["/dashboard/calendar?from=2025-01-01&to=2025-01-31", "/dashboard/calendar?from=2025-01-01&to=2025-01-31"],
  ["/dashboard/clients?q=a%20b", "/dashboard/clients?q=a%20b"],
  ["/dashboard/rules#x", "/dashboard/rules#x"],
];

/** Where a browser would end up following a Location header from APP_URL. */
const landsOn = (location: string) => new URL(location, env.APP_URL);

describe("safeRedirect", () => {
  it.each(HOSTILE)("refuses %j", (target) => {
    const out = safeRedirect(target);
    expect(out).toBe("/dashboard");
  });

  it.each(SAFE)("keeps %j", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
    expect(landsOn(safeRedirect(target)).origin).toBe(new URL(env.APP_URL).origin);
  });
});

describe("after sign-in and after switching language", () => {
  it("a hostile redirectTo lands on the dashboard (or home), never off the site", async () => {
    const owner = await registeredUser();
    for (const target of HOSTILE) {
      const res = await SELF.fetch("http://localhost/login", {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
        body: new URLSearchParams({
          intent: "login",
          email: owner.email,
          password: owner.password,
          redirectTo: target,
        }),
      });
      expect(res.status, JSON.stringify(target)).toBe(302);
      const location = res.headers.get("Location")!;
      expect(location, JSON.stringify(target)).toBe("/dashboard");

      const lang = await SELF.fetch(`http://localhost/language?redirectTo=${encodeURIComponent(target)}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ lang: "he" }),
      });
      expect(lang.headers.get("Location"), JSON.stringify(target)).toBe("/");
    }
  });

  it("a same-site redirectTo is honoured", async () => {
    const owner = await registeredUser();
    const res = await SELF.fetch("http://localhost/login", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
      body: new URLSearchParams({
        intent: "login",
        email: owner.email,
        password: owner.password,
        redirectTo: "/dashboard/calendar?view=week",
      }),
    });
    expect(res.headers.get("Location")).toBe("/dashboard/calendar?view=week");
  });
});
