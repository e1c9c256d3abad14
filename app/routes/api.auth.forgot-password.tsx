// POST /api/auth/forgot-password: {email}. The same answer whether or not the address has an account.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { accountCtx, english, failureResponse } from "~/services/auth/context.server";
import { forgotPassword } from "~/services/auth/passwords.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, readJson, methodNotAllowed } from "~/utils/http.server";

const Body = z.object({ email: z.string().max(1000).default("") });

export const loader = apiRoute(async () => methodNotAllowed());

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJson(request, Body);
  const result = await forgotPassword(accountCtx(request, context.cloudflare.env, context.cloudflare.ctx), body.email);
  if (!result.ok) return failureResponse(result);
  return json({ success: true, detail: english("forgot.sent") });
});
