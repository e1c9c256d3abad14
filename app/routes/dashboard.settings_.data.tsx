// Settings' data actions (posted by fetchers from the Settings tab): the
// private calendar address (create or replace, stop sharing) and deleting
// the account.
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { deleteAccount } from "~/services/account.server";
import { accountCtx } from "~/services/auth/context.server";
import { confirmIdentity } from "~/services/auth/confirm.server";
import { clearSessionCookie } from "~/services/auth/session.server";
import { requireUser } from "~/security/signed-in.server";
import { createFeed, revokeFeed } from "~/services/calendar-feed.server";
import { caught, problem, type Problem } from "~/utils/problem";
import { deleteAccountSchema } from "~/validation/accounts";
import { firstFormProblem, parseForm } from "~/validation/parse";

export type DataAnswer =
  | { intent: "feed-create"; ok: true; url: string }
  | { intent: "feed-create"; ok: false; problem: Problem }
  | { intent: "feed-revoke"; ok: true }
  | { intent: "delete-account"; ok: false; problem: Problem; reply: SubmissionResult<Problem[]> }
  | { intent: "unknown"; ok: false; problem: Problem };

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const authed = await requireUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "feed-create") {
    const password = form.get("password");
    try {
      await confirmIdentity(
        accountCtx(request, env),
        authed,
        typeof password === "string" ? password : undefined,
        "access.confirm.wrongPassword",
      );
    } catch (error) {
      return data<DataAnswer>({ intent, ok: false, problem: caught(error).problem });
    }
    return data<DataAnswer>({ intent, ok: true, url: await createFeed(env, authed.business.id) });
  }
  if (intent === "feed-revoke") {
    await revokeFeed(env, authed.business.id);
    return data<DataAnswer>({ intent, ok: true });
  }
  if (intent === "delete-account") {
    const submission = parseForm(
      form,
      deleteAccountSchema({ hasPassword: authed.user.passwordHash !== null, email: authed.user.email }),
    );
    if (submission.status !== "success") {
      return data<DataAnswer>(
        {
          intent,
          ok: false,
          problem: firstFormProblem(submission.error),
          reply: submission.reply({ hideFields: ["password"] }),
        },
        { status: 400 },
      );
    }
    try {
      await deleteAccount(env, accountCtx(request, env), authed, submission.value);
    } catch (error) {
      const { problem } = caught(error);
      const tied =
        problem.key === "account.err.wrongPassword"
          ? { fieldErrors: { password: [problem] } }
          : { formErrors: [problem] };
      return data<DataAnswer>({
        intent,
        ok: false,
        problem,
        reply: submission.reply({ hideFields: ["password"], ...tied }),
      });
    }
    throw redirect("/?deleted=1", { headers: { "Set-Cookie": clearSessionCookie(env) } });
  }
  return data<DataAnswer>({ intent: "unknown", ok: false, problem: problem("problem.unknownAction") }, { status: 400 });
}

export const loader = () => redirect("/dashboard/settings");
