// DELETE /api/account {password} (or {confirm_email} for a Google-only
// account): deletes the business and everything it owns.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { deleteAccount } from "~/services/account.server";
import { clearSessionCookie } from "~/services/auth/session.server";
import { requireApiUser } from "~/security/signed-in.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { deleteAccountSchema } from "~/validation/accounts";

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const env = context.cloudflare.env;
  const authed = await requireApiUser(request, env);
  const body = await readJson(request, deleteAccountSchema({ hasPassword: authed.user.passwordHash !== null, email: authed.user.email }));
  await deleteAccount(env, authed, body);
  const res = json({ success: true });
  res.headers.append("Set-Cookie", clearSessionCookie(env));
  return res;
});

export const loader = () => methodNotAllowed();
