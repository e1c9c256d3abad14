// Helpers for the account tests: JSON calls from a chosen IP (so rate limits
// of one test do not touch another), the outbox, and a registered user.
import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import type { userJson } from "../../app/services/auth/user-json.server";

let n = 0;
export const uniqueEmail = (tag = "user") =>
  `${tag}.${Date.now().toString(36)}.${n++}.${Math.random().toString(36).slice(2, 7)}@example.com`;
export const uniqueIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${(n++ % 250) + 1}`;

type CallInit = { ip?: string; token?: string; cookie?: string; method?: string; headers?: Record<string, string> };

export function call(path: string, body?: unknown, init: CallInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", init.ip ?? uniqueIp());
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return SELF.fetch(`http://localhost${path}`, {
    method: init.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    redirect: "manual",
  });
}

/**
 * The fields the tests read from the account API's answers (auth, profile,
 * settings). Each answer carries only some of them: a refusal has `detail` or
 * `message`, a login `token` and `user`, the profile `data`.
 */
export type AccountAnswer = {
  success: boolean;
  detail: string;
  message: string;
  error: string;
  code: string;
  token: string;
  user: ReturnType<typeof userJson>;
  data: { name: string; business_id: string; email: string; business_name: string };
  settings: Record<string, unknown>;
};

export async function callJson<T = AccountAnswer>(path: string, body?: unknown, init: CallInit = {}) {
  const res = await call(path, body, init);
  const data = (await res.json()) as T;
  return { status: res.status, data, res };
}

export type Outboxed = { to: string; subject: string; text: string; created_at: string };

export async function outbox(email: string): Promise<Outboxed[]> {
  const res = await SELF.fetch(`http://localhost/__dev/outbox?to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return res.json();
}

/** Waits for e-mails sent after the answer (waitUntil). */
export async function waitForMail(email: string, count = 1): Promise<Outboxed[]> {
  for (let i = 0; i < 100; i++) {
    const mails = await outbox(email);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no e-mail for ${email}`);
}

export async function latestCode(email: string): Promise<string> {
  const [mail] = await outbox(email);
  const m = /\b(\d{6})\b/.exec(mail?.text ?? "");
  if (!m) throw new Error(`no code in the outbox for ${email}`);
  return m[1];
}

export const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: "secret-pass-1",
  business_name: "Noa's Studio",
  phone: "0521234567",
  name: "Noa Levi",
  city: "Haifa",
  country: "IL",
  agree_terms: true,
  agree_updates: false,
  timezone: "Asia/Jerusalem",
  ...extra,
});

/** Registers and verifies through the API; returns a signed-in bearer token too. */
export async function registeredUser(extra: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const password = "secret-pass-1";
  const reg = await callJson("/api/auth/register", registration(email, extra));
  expect(reg.status).toBe(200);
  const verify = await callJson("/api/auth/verify", { email, token: await latestCode(email) });
  expect(verify.status).toBe(200);
  const login = await callJson("/api/auth/login", { email, password });
  expect(login.status).toBe(200);
  return {
    email,
    password,
    token: login.data.token as string,
    userId: login.data.user.id as string,
    user: login.data.user,
  };
}

export async function row<T = Record<string, unknown>>(sql: string, ...params: unknown[]) {
  return env.DB.prepare(sql)
    .bind(...params)
    .first<T>();
}
