// POST /api/auth/login: {email, password} -> a bearer token and the user.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { accountCtx, failureResponse } from "~/services/auth/context.server";
import { login } from "~/services/auth/login.server";
import { issueApiToken } from "~/services/auth/session.server";
import { userJson } from "~/services/auth/user-json.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, readJson, methodNotAllowed } from "~/utils/http.server";

const Body = z.object({ email: z.string().max(1000).default(""), password: z.string().max(1000).default("") });

export const loader = apiRoute(async () => methodNotAllowed());

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const env = context.cloudflare.env;
  const body = await readJson(request, Body);
  const ctx = accountCtx(request, env);
  const result = await login(ctx, body.email, body.password);
  if (!result.ok) return failureResponse(result);
  const token = await issueApiToken(env, ctx.db, result.user.id, ctx.now);
  return json({ success: true, token, user: userJson(result.user, result.business) });
});
