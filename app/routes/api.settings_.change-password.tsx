// POST /api/settings/change-password: {current_password, new_password}. Every
// other session and token of the account ends; this one stays.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { accountCtx, english } from "~/services/auth/context.server";
import { changePassword } from "~/services/auth/passwords.server";
import { requireApiUser } from "~/security/signed-in.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { PasswordChangeBodySchema } from "~/validation/accounts";

export const loader = apiRoute(async () => methodNotAllowed());

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const env = context.cloudflare.env;
  const authed = await requireApiUser(request, env);
  const body = await readJson(request, PasswordChangeBodySchema);
  await changePassword(accountCtx(request, env), authed, body);
  return json({ success: true, detail: english("password.changed") });
});
