// POST /api/calendar-feed {password}: create (or replace) the private calendar
// address, confirmed with the password (a Google-only account: a fresh Google
// sign-in); DELETE: revoke it (the old address answers 404).
import { requireApiUser } from "~/security/signed-in.server";
import { accountCtx } from "~/services/auth/context.server";
import { confirmIdentity } from "~/services/auth/confirm.server";
import { createFeed, revokeFeed } from "~/services/calendar-feed.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { ConfirmPasswordSchema } from "~/validation/accounts";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed();
  const authed = await requireApiUser(request, env);
  if (request.method === "DELETE") {
    await revokeFeed(env, authed.business.id);
    return json({ success: true });
  }
  const body = await readJson(request, ConfirmPasswordSchema);
  await confirmIdentity(accountCtx(request, env), authed, body.password, "access.confirm.wrongPassword");
  return json({ success: true, url: await createFeed(env, authed.business.id) });
};
