// POST /api/auth/forgot-password: {email}. The same answer whether or not the address has an account.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { accountCtx, english } from "~/services/auth/context.server";
import { forgotPassword } from "~/services/auth/passwords.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, readJson, methodNotAllowed } from "~/utils/http.server";
import { EmailOnlySchema } from "~/validation/accounts";

export const loader = apiRoute(async () => methodNotAllowed());

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJson(request, EmailOnlySchema);
  await forgotPassword(accountCtx(request, context.cloudflare.env, context.cloudflare.ctx), body.email);
  return json({ success: true, detail: english("forgot.sent") });
});
