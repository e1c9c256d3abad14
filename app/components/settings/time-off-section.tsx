// Settings: time off (holidays, leave), whole days, first and last inclusive.
// Adding and deleting post to the hours page's action; the page's loader then
// reads the list again.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useLang, useT } from "~/i18n";
import { Banner } from "~/components/form/banner";
import { Field, ProblemBanner } from "~/components/form/fields";
import { PlusIcon, TrashIcon } from "~/components/ui/icons";
import type { HoursAnswer } from "~/validation/hours";
import type { TimeOffItem } from "~/services/time/salon-time.server";

const ACTION = "/dashboard/settings/hours";

/** "Fri, 10 Apr 2030" in the reader's language; the date is a calendar day, so it is read in UTC. */
function dayLabel(date: string, lang: "en" | "he") {
  return new Intl.DateTimeFormat(lang === "he" ? "he-IL" : "en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

export function TimeOffSection({ items, today }: { items: TimeOffItem[]; today: string }) {
  const t = useT();
  const lang = useLang();
  const adder = useFetcher<HoursAnswer>();
  const remover = useFetcher<HoursAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const added = adder.state === "idle" && adder.data?.ok === true;
  useEffect(() => {
    if (added) form.current?.reset();
  }, [added, adder.data]);
  const problem =
    (adder.state === "idle" && adder.data && !adder.data.ok ? adder.data.problem : null) ??
    (remover.data && !remover.data.ok ? remover.data.problem : null);
  // Past time off is history: the list shows what is still ahead.
  const ahead = items.filter((i) => i.date_to >= today);
  const rangeOf = (i: TimeOffItem) =>
    i.date_from === i.date_to
      ? dayLabel(i.date_from, lang)
      : t("hours.off.range", { from: dayLabel(i.date_from, lang), to: dayLabel(i.date_to, lang) });

  return (
    <section className="card" aria-labelledby="time-off-title" data-testid="time-off">
      <h2 id="time-off-title">{t("hours.off.title")}</h2>
      <p className="muted small">{t("hours.off.hint")}</p>
      <ProblemBanner problem={problem} testId="time-off-error" />
      {added && !problem && (
        <Banner kind="success" testId="time-off-added">
          {t("hours.off.added")}
        </Banner>
      )}
      <adder.Form method="post" action={ACTION} ref={form}>
        <input type="hidden" name="intent" value="time-off-add" />
        <div className="field-pair">
          <Field id="time-off-from" label={t("hours.off.from")}>
            <input id="time-off-from" name="date_from" type="date" required min={today} />
          </Field>
          <Field id="time-off-to" label={t("hours.off.to")}>
            <input id="time-off-to" name="date_to" type="date" required min={today} />
          </Field>
        </div>
        <Field id="time-off-note" label={t("hours.off.note")}>
          <input
            id="time-off-note"
            name="note"
            type="text"
            maxLength={200}
            placeholder={t("hours.off.notePlaceholder")}
          />
        </Field>
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary" disabled={adder.state !== "idle"}>
            <PlusIcon size={18} /> {adder.state !== "idle" ? t("hours.off.adding") : t("hours.off.add")}
          </button>
        </div>
      </adder.Form>
      {ahead.length === 0 ? (
        <p className="muted small time-off-none">{t("hours.off.none")}</p>
      ) : (
        <ul className="time-off-list">
          {ahead.map((i) => (
            <li key={i.id} className="time-off-item">
              <div>
                <strong>{rangeOf(i)}</strong>
                {i.note && <div className="small muted">{i.note}</div>}
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={t("hours.off.deleteLabel", { range: rangeOf(i) })}
                disabled={remover.state !== "idle"}
                onClick={() =>
                  remover.submit({ intent: "time-off-delete", id: i.id }, { method: "post", action: ACTION })
                }
              >
                <TrashIcon size={16} /> {t("hours.off.delete")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
