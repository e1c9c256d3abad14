// POST /api/settings/change-password: {current_password, new_password}. Every
// other session and token of the account ends; this one stays.
import { accountCtx, english } from "~/services/auth/context.server";
import { changePassword } from "~/services/auth/password-change.server";
import { requireApiUser } from "~/security/signed-in.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { PasswordChangeBodySchema } from "~/validation/accounts";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const authed = await requireApiUser(request, env);
  const body = await readJson(request, PasswordChangeBodySchema);
  await changePassword(accountCtx(request, env), authed, body);
  return json({ success: true, detail: english("password.changed") });
};
