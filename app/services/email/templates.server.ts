// The product's e-mails, in the language the person was using.
import { type Lang } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import type { EmailMessage } from "./types";

/** Names the business and person the code confirms, so nobody enters a code for a sign-up that is not theirs. */
export function codeEmail(
  lang: Lang,
  to: string,
  code: string,
  signup: { business: string; name: string },
): EmailMessage {
  const t = translator(lang);
  return {
    to,
    subject: t("mail.code.subject"),
    text: t("access.mail.code.text", { code, business: signup.business, name: signup.name }),
  };
}

/** The link is built from APP_URL, never from the request's Host header. */
export function resetLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, "")}/reset-password#access_token=${token}`;
}

export function resetEmail(lang: Lang, to: string, link: string): EmailMessage {
  const t = translator(lang);
  return { to, subject: t("mail.reset.subject"), text: t("mail.reset.text", { link }) };
}
