// What every account operation needs, and the shape of its answer: the
// screens translate `key`, the JSON API answers with its English text.
import type { Db } from "../../../db";
import { createDb } from "../../../db";
import { langFromRequest, type Lang, type MessageKey } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import { apiText } from "~/utils/http.server";
import { clientIp } from "./rate-limit.server";

export type AccountCtx = {
  env: Env;
  db: Db;
  now: number;
  ip: string;
  lang: Lang;
  /** Work that may finish after the answer (e-mails whose timing must not show). */
  waitUntil: (p: Promise<unknown>) => void;
};

export type Fail = { ok: false; status: number; key: MessageKey; code?: string };
export type Result<T extends object = object> = ({ ok: true } & T) | Fail;

export const fail = (status: number, key: MessageKey, code?: string): Fail => ({ ok: false, status, key, code });

export function accountCtx(request: Request, env: Env, ctx?: { waitUntil(p: Promise<unknown>): void }): AccountCtx {
  return {
    env,
    db: createDb(env.DB),
    now: Date.now(),
    ip: clientIp(request),
    lang: langFromRequest(request),
    waitUntil: ctx ? (p) => ctx.waitUntil(p) : (p) => void p,
  };
}

/** The API's English wording of a message key. */
export const english = translator("en");

/** A failed operation as the API's error shape ({success:false, detail, error}). */
export function failureResponse(f: Fail): Response {
  return apiText(f.status, english(f.key), f.code ? { code: f.code } : {});
}
