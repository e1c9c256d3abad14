// POST /api/settings/change-password: {current_password, new_password}. Every
// other session and token of the account ends; this one stays.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { accountCtx, english, failureResponse } from "~/services/auth/context.server";
import { changePassword } from "~/services/auth/passwords.server";
import { requireApiUser } from "~/services/auth/session.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";

const Body = z.object({ current_password: z.string().max(1000).default(""), new_password: z.string().max(1000).default("") });

export const loader = apiRoute(async () => methodNotAllowed());

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const env = context.cloudflare.env;
  const authed = await requireApiUser(request, env);
  const body = await readJson(request, Body);
  const result = await changePassword(accountCtx(request, env), authed, body.current_password, body.new_password);
  if (!result.ok) return failureResponse(result);
  return json({ success: true, detail: english("password.changed") });
});
