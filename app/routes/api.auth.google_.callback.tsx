// POST /api/auth/google/callback: {code} from Google's redirect -> a bearer token and the user.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { createDb } from "../../db";
import { english } from "~/services/auth/context.server";
import { exchangeGoogleCode, findOrCreateGoogleUser, GoogleAccountError, googleConfigured } from "~/services/auth/google.server";
import { issueApiToken } from "~/services/auth/session.server";
import { bindingHashOf } from "~/services/auth/google-binding.server";
import { userJson } from "~/services/auth/user-json.server";
import { isValidTimeZone } from "~/utils/time-zone";
import { apiRoute } from "~/utils/api-handler.server";
import { apiText, json, readJson, methodNotAllowed } from "~/utils/http.server";

const Body = z.object({ code: z.string().max(2000).default(""), timezone: z.string().max(100).optional() });

export const loader = apiRoute(async () => methodNotAllowed());

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const env = context.cloudflare.env;
  const body = await readJson(request, Body);
  if (!body.code.trim()) return apiText(400, english("google.codeRequired"), { message: english("google.codeRequired") });
  if (!googleConfigured(env)) return apiText(503, english("google.notConfigured"), { message: english("google.notConfigured") });
  const profile = await exchangeGoogleCode(env, body.code.trim());
  if (!profile) return apiText(401, english("google.exchangeFailed"), { message: english("google.exchangeFailed") });
  const db = createDb(env.DB);
  const now = Date.now();
  try {
    const tz = body.timezone && isValidTimeZone(body.timezone) ? body.timezone : "UTC";
    const { user, business } = await findOrCreateGoogleUser(db, profile, tz, now);
    // A browser that started the sign-in here may hand this token to /login#access_token.
    const token = await issueApiToken(env, db, user.id, now, await bindingHashOf(request, env));
    return json({ success: true, token, user: userJson(user, business), message: "Signed in with Google" });
  } catch (err) {
    if (!(err instanceof GoogleAccountError)) throw err;
    return apiText(err.status, english(err.key), { message: english(err.key) });
  }
});
