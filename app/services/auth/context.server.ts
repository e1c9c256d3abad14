// What every account operation needs. Operations return their values and
// throw AppError (a status and a message key) when they refuse: screens show
// the key in the reader's language, the JSON API answers its English text.
import { createDb } from "~db";
import { langFromRequest, type Lang } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import { clientIp } from "./rate-limit.server";
import type { ServiceContext } from "~/services/service-context";

export type AccountCtx = ServiceContext & {
  ip: string;
  lang: Lang;
  /** Work that may finish after the answer (e-mails whose timing must not show). */
  waitUntil: (p: Promise<unknown>) => void;
};

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

/** The API's English wording of a message key (for success answers; failures go through apiProblem). */
export const english = translator("en");
