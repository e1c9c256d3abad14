// POST /api/auth/logout: ends the server session behind the bearer token (or cookie).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { english } from "~/services/auth/context.server";
import { endSession } from "~/services/auth/session.server";
import { requireApiUser } from "~/security/signed-in.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, methodNotAllowed } from "~/utils/http.server";

export const loader = apiRoute(async () => methodNotAllowed());

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const authed = await requireApiUser(request, context.cloudflare.env);
  await endSession(authed.db, authed.sessionHash);
  return json({ success: true, detail: english("auth.loggedOut") });
});
