// DELETE /api/account {password} (a Google-only account: a fresh Google
// sign-in): deletes the business and everything it owns.
import { deleteAccount } from "~/services/account.server";
import { accountCtx } from "~/services/auth/context.server";
import { clearSessionCookie } from "~/services/auth/session.server";
import { requireApiUser } from "~/security/signed-in.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { deleteAccountSchema } from "~/validation/accounts";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const authed = await requireApiUser(request, env);
  const body = await readJson(
    request,
    deleteAccountSchema({ hasPassword: authed.user.passwordHash !== null, email: authed.user.email }),
  );
  await deleteAccount(env, accountCtx(request, env), authed, body);
  const res = json({ success: true });
  res.headers.append("Set-Cookie", clearSessionCookie(env));
  return res;
};
