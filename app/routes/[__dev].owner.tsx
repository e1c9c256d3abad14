// POST /__dev/owner with the /register form's fields (name, business_name,
// country, phone, email, password, confirm_password, agree_terms, timezone,
// city): a verified owner and their business at once,
// signed in (the answer sets the session cookie) and answered as
// {success, user_id, business_id}. For the browser tests, which need an owner
// on a screen without the e-mail round trip (one real sign-up journey covers
// that). Development only: the guard answers 404 for /__ anywhere else, and so
// does this route while the outbox is not the local e-mail provider.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { accountCtx } from "~/services/auth/context.server";
import { createVerifiedAccount } from "~/services/auth/registration.server";
import { startCookieSession } from "~/services/auth/session.server";
import { outboxIsPublic } from "~/services/email/index.server";
import { AppError } from "~/utils/problem";
import { apiError, apiProblem, json } from "~/utils/http.server";
import { RegistrationFormSchema } from "~/validation/accounts";
import { firstFormProblem, parseForm } from "~/validation/parse";

export async function loader() {
  return apiError(404, "guard.notFound");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  if (!outboxIsPublic(env) || request.method !== "POST") return apiError(404, "guard.notFound");
  const submission = parseForm(await request.formData(), RegistrationFormSchema);
  if (submission.status !== "success") return apiProblem(400, firstFormProblem(submission.error));
  try {
    const ctx = accountCtx(request, env, context.cloudflare.ctx);
    const { userId, businessId } = await createVerifiedAccount(ctx, submission.value);
    const cookie = await startCookieSession(env, ctx.db, userId, ctx.now);
    return json({ success: true, user_id: userId, business_id: businessId }, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof AppError) return apiProblem(error.status, error.problem);
    throw error;
  }
}
