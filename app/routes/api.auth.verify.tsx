// POST /api/auth/verify: {token (the 6-digit code), email}.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { accountCtx, english, failureResponse } from "~/services/auth/context.server";
import { verifyEmail } from "~/services/auth/registration.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, readJson, methodNotAllowed } from "~/utils/http.server";

const Body = z.object({ token: z.string().max(100).default(""), email: z.string().max(1000).default("") });

export const loader = apiRoute(async () => methodNotAllowed());

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJson(request, Body);
  const result = await verifyEmail(accountCtx(request, context.cloudflare.env), body.email, body.token);
  if (!result.ok) return failureResponse(result);
  return json({ success: true, message: english("login.verified") });
});
