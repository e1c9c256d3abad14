// The product's e-mails, in the language the person was using.
import { type Lang } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import type { EmailMessage } from "./types";

export function codeEmail(lang: Lang, to: string, code: string): EmailMessage {
  const t = translator(lang);
  return { to, subject: t("mail.code.subject"), text: t("mail.code.text", { code }) };
}

/** The link is built from APP_URL, never from the request's Host header. */
export function resetLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, "")}/reset-password#access_token=${token}`;
}

export function resetEmail(lang: Lang, to: string, link: string): EmailMessage {
  const t = translator(lang);
  return { to, subject: t("mail.reset.subject"), text: t("mail.reset.text", { link }) };
}
