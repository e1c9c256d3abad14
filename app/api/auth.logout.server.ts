// POST /api/auth/logout: ends the server session behind the bearer token (or cookie).
import { english } from "~/services/auth/context.server";
import { endSession } from "~/services/auth/session.server";
import { requireApiUser } from "~/security/signed-in.server";
import { json, methodNotAllowed } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const authed = await requireApiUser(request, env);
  await endSession(authed.db, authed.sessionHash);
  return json({ success: true, detail: english("auth.loggedOut") });
};
