// "Send from your phone" in a rule's details: the client never wrote to the
// business's WhatsApp, so Chatbook does not start the chat. The link opens
// WhatsApp with the message typed in; Done marks it sent.
import { useFetcher } from "@remix-run/react";
import { useT } from "~/i18n";
import { Banner } from "~/components/form/banner";
import type { RulesAnswer } from "./answer";

export function ManualSend({ messageId, link }: { messageId: string; link: string }) {
  const t = useT();
  const done = useFetcher<RulesAnswer>();
  const failed = done.state === "idle" && done.data && !done.data.ok;
  return (
    <div className="rule-client-manual small" data-testid="rule-client-manual">
      <p className="muted">{t("safety.manual.hint")}</p>
      <div className="row gap-sm">
        <a
          className="btn btn-primary btn-sm"
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="manual-open"
        >
          {t("safety.manual.open")}
        </a>
        <done.Form method="post" action="/dashboard/rules">
          <input type="hidden" name="intent" value="manual-done" />
          <input type="hidden" name="id" value={messageId} />
          <button
            type="submit"
            className="btn btn-ghost btn-sm"
            disabled={done.state !== "idle"}
            data-testid="manual-done"
          >
            {t("safety.manual.done")}
          </button>
        </done.Form>
      </div>
      {failed && (
        <Banner kind="error">{t(done.data && !done.data.ok ? done.data.problem.key : "safety.manual.failed")}</Banner>
      )}
    </div>
  );
}
