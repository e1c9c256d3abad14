// Drafted replies, beside the booking requests on the Sync tab: a customer
// asked for a free time, and a reply offering times that are really free
// waits for the owner. Each card quotes the customer's words, lists the
// offered times and the drafted text; Send (as drafted: the times are checked
// again), Edit then Send (the owner's own words go as written) and Dismiss.
// Each card has its own fetcher; after its answer the route reloads and a
// decided card leaves the list (also one decided elsewhere: its message shows).
import { useFetcher, useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useT } from "~/i18n";
import { Field } from "~/components/form/fields";
import { ChatIcon, CloseIcon, EditIcon } from "~/components/ui/icons";
import type { ShowToast } from "~/components/ui/toast";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import type { ScreenDraft, SyncActionData } from "~/routes/dashboard.sync/screen.server";
import { ChatQuote } from "./chat-quote";
import { SyncCard } from "./sync-card";

/** As the API's limit (validation/drafts.ts), without importing the validation module into the tab's bundle. */
const TEXT_MAX = 1000;

export function DraftList({ drafts, show }: { drafts: ScreenDraft[]; show: ShowToast }) {
  const t = useT();
  const [params] = useSearchParams();
  const target = params.get("draft");
  const heading = useRef<HTMLHeadingElement>(null);
  const onDecided = useCallback(() => heading.current?.focus(), []);
  if (drafts.length === 0) return null;
  return (
    <section className="card sync-card proposals drafts" aria-labelledby="drafts-title" data-testid="drafts">
      <h2 id="drafts-title" className="sync-h2" ref={heading} tabIndex={-1}>
        {t("drafts.title")} <span className="proposals-total">({drafts.length})</span>
      </h2>
      <p className="muted small proposals-intro">{t("drafts.intro")}</p>
      <ul className="proposal-list">
        {drafts.map((d) => (
          <DraftCard key={d.id} draft={d} targeted={d.id === target} show={show} onDecided={onDecided} />
        ))}
      </ul>
    </section>
  );
}

type CardProps = { draft: ScreenDraft; targeted: boolean; show: ShowToast; onDecided: () => void };

function DraftCard({ draft: d, targeted, show, onDecided }: CardProps) {
  const t = useT();
  const fetcher = useFetcher<SyncActionData>();
  const [editing, setEditing] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const busy = fetcher.state !== "idle";
  const pending = busy ? fetcher.formData?.get("intent") : null;
  const base = `draft-${d.id}`;
  const name = d.client_name || d.client_phone;
  const answer = !busy && fetcher.data?.intent === "draft-send" && !fetcher.data.ok ? fetcher.data : undefined;
  const textProblem = answer?.problem.key === "drafts.err.text" ? [answer.problem] : null;
  /** The offered times by day (a draft offers one day; "Today"/"Tomorrow" in the owner's language). */
  const daysOf = (slots: ScreenDraft["slots"]) => {
    const days: { date: string; label: string; title?: string; times: string[] }[] = [];
    for (const s of slots) {
      let day = days.find((x) => x.date === s.date);
      if (!day) {
        const label = s.day ? t(s.day === "today" ? "proposals.today" : "proposals.tomorrow") : s.dayText;
        day = { date: s.date, label, title: s.day ? s.dayText : undefined, times: [] };
        days.push(day);
      }
      day.times.push(s.time);
    }
    return days;
  };

  useEffect(() => {
    if (editing) area.current?.focus();
  }, [editing]);

  useFetcherResult(fetcher, (data) => {
    if (data.intent !== "draft-send" && data.intent !== "draft-dismiss") return;
    if (data.ok) {
      show("success", data.intent === "draft-dismiss" ? t("drafts.dismissedToast") : t("drafts.sentToast", { name }));
      onDecided();
      return;
    }
    // A blank or over-long edit is answered under the text.
    if (data.problem.key === "drafts.err.text") return;
    show("error", t(data.problem.key, data.problem.params));
    // Decided elsewhere (sent, dismissed, withdrawn, gone): the reload takes the card away.
    if (data.problem.key !== "drafts.err.noSlots" && data.problem.key.startsWith("drafts.err.")) onDecided();
  });

  return (
    <SyncCard
      id={base}
      kind="draft-card"
      targeted={targeted}
      busy={busy}
      labelledBy={`${base}-name`}
      testId="draft-card"
    >
      <header className="proposal-head">
        <h3 id={`${base}-name`} className="proposal-name">
          {name}
        </h3>
        {d.client_name && (
          <bdi dir="ltr" className="muted small">
            {d.client_phone}
          </bdi>
        )}
      </header>
      {d.question && (
        <ChatQuote caption={t("drafts.asked")} testId="draft-question" className="proposal-quote">
          {d.question}
        </ChatQuote>
      )}
      {d.slots.length > 0 && (
        <div className="draft-slots">
          <p className="muted small">{t("drafts.offered")}</p>
          {daysOf(d.slots).map(({ date, label, title, times }) => (
            <div key={date} className="draft-day">
              <p className="draft-day-name" id={`${base}-${date}`} title={title}>
                {label}
              </p>
              <ul className="draft-slot-list" aria-labelledby={`${base}-${date}`}>
                {times.map((time) => (
                  <li key={time} className="chip">
                    <bdi dir="ltr">{time}</bdi>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
      {editing ? (
        <fetcher.Form method="post" className="draft-edit" aria-label={t("drafts.editOf", { name })}>
          <input type="hidden" name="intent" value="draft-send" />
          <input type="hidden" name="id" value={d.id} />
          <Field
            id={`${base}-text`}
            label={t("drafts.yourReply")}
            errorId={`${base}-text-error`}
            problems={textProblem}
          >
            <textarea
              ref={area}
              id={`${base}-text`}
              name="text"
              dir="auto"
              rows={4}
              maxLength={TEXT_MAX}
              defaultValue={d.text}
              aria-invalid={textProblem ? true : undefined}
              aria-describedby={`${base}-text-error`}
            />
          </Field>
          <div className="proposal-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              <ChatIcon size={18} /> {pending === "draft-send" ? t("drafts.sending") : t("drafts.send")}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setEditing(false)} disabled={busy}>
              {t("proposals.cancel")}
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <>
          <ChatQuote caption={t("drafts.reply")} testId="draft-text" className="draft-text">
            {d.text}
          </ChatQuote>
          <div className="proposal-actions">
            <fetcher.Form method="post" className="proposal-accept">
              <input type="hidden" name="intent" value="draft-send" />
              <input type="hidden" name="id" value={d.id} />
              <button
                type="submit"
                className="btn btn-primary"
                disabled={busy}
                aria-label={t("drafts.sendOf", { name })}
              >
                <ChatIcon size={18} /> {pending === "draft-send" ? t("drafts.sending") : t("drafts.send")}
              </button>
            </fetcher.Form>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setEditing(true)}>
              <EditIcon size={16} /> {t("drafts.editSend")}
            </button>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="draft-dismiss" />
              <input type="hidden" name="id" value={d.id} />
              <button
                type="submit"
                className="btn btn-danger-ghost"
                disabled={busy}
                aria-label={t("drafts.dismissOf", { name })}
              >
                <CloseIcon size={16} />{" "}
                {pending === "draft-dismiss" ? t("proposals.dismissing") : t("proposals.dismiss")}
              </button>
            </fetcher.Form>
          </div>
        </>
      )}
    </SyncCard>
  );
}
