// POST /api/auth/verify: {token (the 6-digit code), email}.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { accountCtx, english } from "~/services/auth/context.server";
import { verifyEmail } from "~/services/auth/registration.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, readJson, methodNotAllowed } from "~/utils/http.server";
import { VerifyBodySchema } from "~/validation/accounts";

export const loader = apiRoute(async () => methodNotAllowed());

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJson(request, VerifyBodySchema);
  await verifyEmail(accountCtx(request, context.cloudflare.env), { email: body.email, code: body.token });
  return json({ success: true, message: english("login.verified") });
});
