// POST /api/auth/google/callback: {code} from Google's redirect -> a bearer token and the user.
import { z } from "zod";
import { createDb } from "~db";
import { english } from "~/services/auth/context.server";
import { googleConfigured, signInWithGoogleCode } from "~/services/auth/google.server";
import { issueApiToken } from "~/services/auth/session.server";
import { bindingHashOf } from "~/services/auth/google-binding.server";
import { userJson } from "~/services/auth/user-json.server";
import { isValidTimeZone } from "~/utils/time-zone";
import { apiProblem, json, readJson, methodNotAllowed } from "~/utils/http.server";
import { AppError, problem, type Problem } from "~/utils/problem";
import { says } from "~/validation/parse";
import type { ApiHandler } from "./router.server";

const Body = z.object({
  code: z.string(says("google.codeRequired")).max(2000).trim().min(1, says("google.codeRequired")),
  timezone: z.string().max(100).optional(),
});

/** This endpoint's failures also carry the text as `message` (the spec reads it). */
const refuse = (status: number, p: Problem) => apiProblem(status, p, { message: english(p.key, p.params) });

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJson(request, Body);
  if (!googleConfigured(env)) return refuse(503, problem("google.notConfigured"));
  const db = createDb(env.DB);
  const now = Date.now();
  try {
    const tz = body.timezone && isValidTimeZone(body.timezone) ? body.timezone : "UTC";
    const { user, business } = await signInWithGoogleCode(env, db, body.code, tz, now);
    // A browser that started the sign-in here may hand this token to /login#access_token.
    const token = await issueApiToken(env, db, user.id, now, await bindingHashOf(request, env));
    return json({ success: true, token, user: userJson(user, business), message: english("google.signedIn") });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return refuse(err.status, err.problem);
  }
};
