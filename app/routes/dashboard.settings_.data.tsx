// Settings' data actions (posted by fetchers from the Settings tab): the
// private calendar address (create or replace, stop sharing) and deleting
// the account.
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { deleteAccount, DELETE_MESSAGES } from "~/services/account.server";
import { clearSessionCookie, requireUser } from "~/services/auth/session.server";
import { createFeed, revokeFeed } from "~/services/calendar-feed.server";
import type { MessageKey } from "~/i18n";

export type DataAnswer =
  | { intent: "feed-create"; ok: true; url: string }
  | { intent: "feed-revoke"; ok: true }
  | { intent: "delete-account"; ok: false; error: MessageKey };

const DELETE_KEYS: Record<string, MessageKey> = {
  [DELETE_MESSAGES.wrongPassword]: "account.err.wrongPassword",
  [DELETE_MESSAGES.passwordRequired]: "account.err.passwordRequired",
  [DELETE_MESSAGES.emailMismatch]: "account.err.emailMismatch",
  [DELETE_MESSAGES.whatsappFailed]: "account.err.whatsapp",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const authed = await requireUser(request, env);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "feed-create") return { intent, ok: true, url: await createFeed(env, authed.business.id) } satisfies DataAnswer;
  if (intent === "feed-revoke") {
    await revokeFeed(env, authed.business.id);
    return { intent, ok: true } satisfies DataAnswer;
  }
  if (intent === "delete-account") {
    const text = (k: string) => String(form.get(k) ?? "").slice(0, 1024);
    const result = await deleteAccount(env, authed, { password: text("password"), confirm_email: text("confirm_email") });
    if (result.ok) throw redirect("/?deleted=1", { headers: { "Set-Cookie": clearSessionCookie(env) } });
    return { intent, ok: false, error: DELETE_KEYS[result.message] ?? "account.err.failed" } satisfies DataAnswer;
  }
  throw new Response("Unknown action.", { status: 400 });
}

export const loader = () => redirect("/dashboard/settings");
