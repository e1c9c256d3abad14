// POST /api/auth/forgot-password: {email}. The same answer whether or not the address has an account.
import { accountCtx, english } from "~/services/auth/context.server";
import { forgotPassword } from "~/services/auth/password-change.server";
import { json, readJson, methodNotAllowed } from "~/utils/http.server";
import { EmailOnlySchema } from "~/validation/accounts";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, env, ctx }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJson(request, EmailOnlySchema);
  await forgotPassword(accountCtx(request, env, ctx), body.email);
  return json({ success: true, detail: english("forgot.sent") });
};
