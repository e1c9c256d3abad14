// DELETE /api/account {password} (or {confirm_email} for a Google-only
// account): deletes the business and everything it owns.
import { deleteAccount } from "~/services/account.server";
import { clearSessionCookie } from "~/services/auth/session.server";
import { requireApiUser } from "~/security/signed-in.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { deleteAccountSchema } from "~/validation/accounts";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const authed = await requireApiUser(request, env);
  const body = await readJson(request, deleteAccountSchema({ hasPassword: authed.user.passwordHash !== null, email: authed.user.email }));
  await deleteAccount(env, authed, body);
  const res = json({ success: true });
  res.headers.append("Set-Cookie", clearSessionCookie(env));
  return res;
};
