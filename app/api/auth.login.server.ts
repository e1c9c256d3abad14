// POST /api/auth/login: {email, password} -> a bearer token and the user.
import { accountCtx } from "~/services/auth/context.server";
import { login } from "~/services/auth/login.server";
import { issueApiToken } from "~/services/auth/session.server";
import { userJson } from "~/services/auth/user-json.server";
import { apiProblem, json, readJson, methodNotAllowed } from "~/utils/http.server";
import { AppError } from "~/utils/problem";
import { LoginSchema } from "~/validation/accounts";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJson(request, LoginSchema);
  const ctx = accountCtx(request, env);
  try {
    const { user, business } = await login(ctx, body);
    const token = await issueApiToken(env, ctx.db, user.id, ctx.now);
    return json({ success: true, token, user: userJson(user, business) });
  } catch (error) {
    // Programs tell this refusal by its code: the client shows the code step.
    if (error instanceof AppError && error.problem.key === "login.unverified")
      return apiProblem(error.status, error.problem, { code: "email_not_verified" });
    throw error;
  }
};
