// POST /api/auth/register: the registration payload; a 6-digit code goes to the e-mail.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { accountCtx, english } from "~/services/auth/context.server";
import { register } from "~/services/auth/registration.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, readJson, methodNotAllowed } from "~/utils/http.server";
import { RegistrationBodySchema } from "~/validation/accounts";

export const loader = apiRoute(async () => methodNotAllowed());

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJson(request, RegistrationBodySchema);
  const result = await register(accountCtx(request, context.cloudflare.env, context.cloudflare.ctx), body);
  const message = result.pending ? english("verify.pending") : english("register.codeSent", { email: result.email });
  return json({ success: true, message, email: result.email });
});
