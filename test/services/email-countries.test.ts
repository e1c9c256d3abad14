import { createExecutionContext, env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { resendSender } from "../../app/services/email/resend.server";
import { outboxIsPublic } from "../../app/services/email/index.server";
import { countryCount, countryName, countrySuggestions, resolveCountry } from "../../app/services/countries";
import { resetLink } from "../../app/services/email/templates.server";

afterEach(() => vi.restoreAllMocks());

describe("Resend provider", () => {
  it("posts the message to Resend's API with the key and answers its id", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
      calls.push({ url: String(url), init: init! });
      return Response.json({ id: "re_123" });
    });
    const result = await resendSender("re_key", "Chatbook <no-reply@chatbook.app>").send({
      to: "a@b.co",
      subject: "Hi",
      text: "Body",
    });
    expect(result).toEqual({ status: "sent", id: "re_123" });
    expect(calls[0].url).toBe("https://api.resend.com/emails");
    expect(new Headers(calls[0].init.headers).get("Authorization")).toBe("Bearer re_key");
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      from: "Chatbook <no-reply@chatbook.app>",
      to: ["a@b.co"],
      subject: "Hi",
      text: "Body",
    });
  });

  it("reports refusals, outages and a missing key as errors", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(Response.json({ message: "invalid from" }, { status: 422 }));
    expect((await resendSender("k", "x@y.z").send({ to: "a@b.co", subject: "s", text: "t" })).status).toBe("error");
    vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new TypeError("network down"));
    expect((await resendSender("k", "x@y.z").send({ to: "a@b.co", subject: "s", text: "t" })).status).toBe("error");
    expect((await resendSender("", "x@y.z").send({ to: "a@b.co", subject: "s", text: "t" })).status).toBe("error");
  });
});

describe("/__dev/outbox", () => {
  const get = (overrides: Partial<Env>) =>
    worker.fetch(
      new Request("http://localhost/__dev/outbox?to=a@b.co") as Request<unknown, IncomingRequestCfProperties>,
      { ...env, ...overrides },
      createExecutionContext(),
    );

  it("answers JSON locally with the outbox provider, and 404 otherwise", async () => {
    const local = await get({});
    expect(local.status).toBe(200);
    expect(Array.isArray(await local.json())).toBe(true);
    expect((await get({ EMAIL_PROVIDER: "resend" })).status).toBe(404);
    expect((await get({ APP_URL: "https://chatbook.example" })).status).toBe(404);
    expect(outboxIsPublic({ ...env, APP_URL: "http://127.0.0.1:9999" })).toBe(true);
  });

  it("builds reset links from APP_URL", () => {
    expect(resetLink("https://chatbook.example/", "TOKEN")).toBe(
      "https://chatbook.example/reset-password#access_token=TOKEN",
    );
  });
});

describe("countries", () => {
  it("come from the library: about 195 countries (ISO 3166-1), English and Hebrew names", () => {
    expect(countryCount()).toBeGreaterThanOrEqual(195);
    expect(countryName("IL", "en")).toBe("Israel");
    expect(countryName("IL", "he")).toBe("ישראל");
  });

  it("suggest from 2 characters, case-insensitive substring, at most 10, in the UI language", () => {
    expect(countrySuggestions("i", "en")).toEqual([]);
    const is = countrySuggestions("IS", "en");
    expect(is.length).toBeLessThanOrEqual(10);
    expect(is.length).toBeGreaterThan(1);
    expect(is.map((c) => c.name)).toContain("Israel");
    expect(is.every((c) => /is/i.test(c.name) || c.code)).toBe(true);
    expect(countrySuggestions("an", "en")).toHaveLength(10);
    expect(countrySuggestions("ICEL", "en").map((c) => c.name)).toEqual(["Iceland"]);
    expect(countrySuggestions("nland", "en").map((c) => c.name)).toEqual(
      expect.arrayContaining(["Finland", "Greenland"]),
    );
    expect(countrySuggestions("ישר", "he").map((c) => c.name)).toContain("ישראל");
    expect(countrySuggestions("zzz", "en")).toEqual([]);
  });

  it("resolve codes and names in either language", () => {
    expect(resolveCountry("il")).toBe("IL");
    expect(resolveCountry("Germany")).toBe("DE");
    expect(resolveCountry("גרמניה")).toBe("DE");
    expect(resolveCountry("USA")).toBe("US");
    expect(resolveCountry("Atlantis")).toBeNull();
    expect(resolveCountry("")).toBeNull();
  });
});
