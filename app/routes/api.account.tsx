// DELETE /api/account {password} (or {confirm_email} for a Google-only
// account): deletes the business and everything it owns.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { deleteAccount } from "~/services/account.server";
import { clearSessionCookie, requireApiUser } from "~/services/auth/session.server";
import { apiRoute } from "~/utils/api-handler.server";
import { apiText, json, methodNotAllowed, readJson } from "~/utils/http.server";

const DeleteBody = z.object({ password: z.string().max(1024).optional(), confirm_email: z.string().max(320).optional() });

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const env = context.cloudflare.env;
  const authed = await requireApiUser(request, env);
  const result = await deleteAccount(env, authed, await readJson(request, DeleteBody));
  if (!result.ok) return apiText(result.status, result.message);
  const res = json({ success: true });
  res.headers.append("Set-Cookie", clearSessionCookie(env));
  return res;
});

export const loader = () => methodNotAllowed();
