// POST /api/auth/reset-password: {new_password} with the link's token as the bearer.
import { accountCtx, english } from "~/services/auth/context.server";
import { resetPassword } from "~/services/auth/password-change.server";
import { bearerToken } from "~/services/auth/session.server";
import { apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { validate } from "~/validation/parse";
import { ResetBodySchema } from "~/validation/accounts";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  // The body's rules are checked together with the token, in the spec's order.
  const body = await readJson(request, JsonObject);
  const checked = validate(ResetBodySchema, { new_password: body.new_password, token: bearerToken(request) ?? "" });
  // No token is "who are you?" (401); anything else wrong with the request is 400.
  if (!checked.ok) return apiProblem(checked.problem.key === "reset.missingToken" ? 401 : 400, checked.problem);
  await resetPassword(accountCtx(request, env), checked.value);
  return json({ success: true, detail: english("reset.success") });
};
