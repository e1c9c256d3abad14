// POST /api/auth/verify: {token (the 6-digit code), email}.
import { accountCtx, english } from "~/services/auth/context.server";
import { verifyEmail } from "~/services/auth/registration.server";
import { json, readJson, methodNotAllowed } from "~/utils/http.server";
import { VerifyBodySchema } from "~/validation/accounts";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJson(request, VerifyBodySchema);
  await verifyEmail(accountCtx(request, env), { email: body.email, code: body.token });
  return json({ success: true, message: english("login.verified") });
};
