// POST /api/auth/validate-token: is this bearer token (e.g. from a URL fragment) a live session?
import { english } from "~/services/auth/context.server";
import { getAuthedUser, bearerToken } from "~/services/auth/session.server";
import { userJson } from "~/services/auth/user-json.server";
import { apiError, json, methodNotAllowed } from "~/utils/http.server";
import type { MessageKey } from "~/i18n";
import type { ApiHandler } from "./router.server";

/** This endpoint's answers also carry the text as `message` (the spec reads it). */
const refuse = (key: MessageKey) => apiError(401, key, undefined, { message: english(key) });

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const token = bearerToken(request);
  if (!token) return refuse("google.noAccessToken");
  const authed = await getAuthedUser(request, env);
  if (!authed) return refuse("google.tokenFailed");
  return json({
    success: true,
    token,
    user: userJson(authed.user, authed.business),
    message: english("google.tokenValid"),
  });
};
