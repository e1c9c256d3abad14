// POST /api/auth/reset-password: {new_password} with the link's token as the bearer.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { accountCtx, english, failureResponse } from "~/services/auth/context.server";
import { resetPassword } from "~/services/auth/passwords.server";
import { bearerToken } from "~/services/auth/session.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, readJson, methodNotAllowed } from "~/utils/http.server";

const Body = z.object({ new_password: z.string().max(1000).default("") });

export const loader = apiRoute(async () => methodNotAllowed());

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJson(request, Body);
  const token = bearerToken(request) ?? "";
  const result = await resetPassword(accountCtx(request, context.cloudflare.env), token, body.new_password);
  if (!result.ok) return failureResponse(result);
  return json({ success: true, detail: english("reset.success") });
});
