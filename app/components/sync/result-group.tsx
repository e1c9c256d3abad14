// One contact's proposed bookings: editable rows (Service, Date, Time, with a
// team whose calendar (default: the member placement would choose), Notes);
// Delete (clears this contact's rows here, no call) and Save on the last row.
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useT } from "~/i18n";
import type { SyncActionData } from "~/routes/dashboard.sync/screen.server";
import { savedNotice } from "~/components/bookings/overlap-warning";
import { CloseIcon } from "~/components/ui/icons";
import { Banner } from "~/components/form/banner";
import { Field } from "~/components/form/fields";
import type { ShowToast } from "~/components/ui/toast";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import { isTimeOfDay } from "~/utils/dates";
import type { Problem } from "~/utils/problem";
import { MemberField, type TeamMember } from "~/components/bookings/member-field";
import { ChatQuote } from "./chat-quote";

/** `memberId`: whose calendar ("": the first free member who does the service, as placed on Save). */
export type Row = {
  key: string;
  service: string;
  date: string;
  time: string;
  notes: string;
  quote: string;
  memberId: string;
};
/** `problem`: why this contact has no proposals (its chat could not be read), or null. */
export type Group = { id: string; name: string; phone: string; rows: Row[]; problem: Problem | null };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const invalid = (r: Row) => ({ service: !r.service.trim(), date: !DATE.test(r.date), time: !isTimeOfDay(r.time) });

/** `members`: the team in its order; with more than one, each row chooses whose calendar. */
export function ResultGroup({ group, members, show }: { group: Group; members: TeamMember[]; show: ShowToast }) {
  const t = useT();
  const fetcher = useFetcher<SyncActionData>();
  const [rows, setRows] = useState(group.rows);
  const [attempted, setAttempted] = useState(false);
  const [saved, setSaved] = useState(false);
  // Saved over another booking, or outside hours: said under the contact until the rows change.
  const [notice, setNotice] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const incomplete = rows.some((r) => Object.values(invalid(r)).some(Boolean));

  useFetcherResult(fetcher, (data) => {
    if (data.intent !== "save") return;
    if (data.ok) {
      setSaved(true);
      setNotice(savedNotice(t, data));
      show("success", t("sync.savedToast", { saved: data.saved, skipped: data.skipped, name: group.name }));
      return;
    }
    if (data.problem.key === "sync.incomplete") setAttempted(true);
    show("error", t(data.problem.key, data.problem.params));
  });

  function edit(key: string, field: keyof Omit<Row, "key" | "quote">, value: string) {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
    setSaved(false);
    setNotice(null);
  }

  function save() {
    if (incomplete) {
      setAttempted(true);
      show("error", t("sync.incomplete"));
      return;
    }
    const items = rows.map(({ service, date, time, notes, memberId }) => ({
      service: service.trim(),
      date,
      time,
      notes: notes.trim(),
      ...(memberId && members.length > 1 ? { member_id: memberId } : {}),
    }));
    fetcher.submit({ intent: "save", user_id: group.id, items: JSON.stringify(items) }, { method: "post" });
  }

  const headingId = `group-${group.id}`;
  return (
    <section className="result-group" aria-labelledby={headingId} data-testid="result-group">
      <header className="group-head">
        <h3 id={headingId} className="group-name">
          {group.name}
        </h3>
        {group.phone && (
          <bdi dir="ltr" className="muted small">
            {group.phone}
          </bdi>
        )}
        {saved && <span className="badge badge-green">{t("sync.savedBadge")}</span>}
      </header>
      {notice && (
        <Banner kind="warning" testId="sync-saved-notice">
          {notice}
        </Banner>
      )}
      {group.problem ? (
        <p className="muted empty-text">{t(group.problem.key, group.problem.params)}</p>
      ) : rows.length === 0 ? (
        <p className="muted empty-text">{t("sync.noBookings")}</p>
      ) : (
        rows.map((row, i) => {
          const bad = attempted ? invalid(row) : { service: false, date: false, time: false };
          const id = (f: string) => `${group.id}-${row.key}-${f}`;
          const last = i === rows.length - 1;
          return (
            <fieldset key={row.key} className="booking-row" disabled={busy}>
              <legend className="sr-only">{t("sync.booking", { n: i + 1 })}</legend>
              {rows.length > 1 && (
                <button
                  type="button"
                  className="chip-btn row-remove"
                  aria-label={t("sync.removeRow", { n: i + 1 })}
                  onClick={() => {
                    setRows((all) => all.filter((r) => r.key !== row.key));
                    setSaved(false);
                  }}
                >
                  <CloseIcon size={16} />
                </button>
              )}
              {row.quote && (
                // The chat line it came from.
                <ChatQuote caption={t("sync.quote")} testId="booking-quote">
                  {row.quote}
                </ChatQuote>
              )}
              <Field id={id("service")} label={t("sync.service")} className="f-service">
                <input
                  id={id("service")}
                  list="sync-service-options"
                  value={row.service}
                  maxLength={200}
                  className={bad.service ? "invalid" : undefined}
                  aria-invalid={bad.service || undefined}
                  onChange={(e) => edit(row.key, "service", e.target.value)}
                />
              </Field>
              <Field id={id("date")} label={t("sync.date")} className="f-date">
                <input
                  id={id("date")}
                  type="date"
                  value={row.date}
                  className={bad.date ? "invalid" : undefined}
                  aria-invalid={bad.date || undefined}
                  onChange={(e) => edit(row.key, "date", e.target.value)}
                />
              </Field>
              <Field id={id("time")} label={t("sync.time")} className="f-time">
                <input
                  id={id("time")}
                  type="time"
                  value={row.time}
                  className={bad.time ? "invalid" : undefined}
                  aria-invalid={bad.time || undefined}
                  onChange={(e) => edit(row.key, "time", e.target.value)}
                />
              </Field>
              <MemberField
                id={id("member")}
                members={members}
                empty="auto"
                select={{ value: row.memberId, onChange: (e) => edit(row.key, "memberId", e.target.value) }}
              />
              <Field id={id("notes")} label={t("sync.notes")} className="f-notes">
                <input
                  id={id("notes")}
                  value={row.notes}
                  maxLength={2000}
                  onChange={(e) => edit(row.key, "notes", e.target.value)}
                />
              </Field>
              {last && (
                <div className="row-actions">
                  <button
                    type="button"
                    className="btn btn-danger-ghost btn-sm"
                    onClick={() => {
                      setRows([]);
                      setSaved(false);
                      setAttempted(false);
                    }}
                  >
                    {t("sync.delete")}
                  </button>
                  <button type="button" className="btn btn-primary btn-sm" onClick={save} disabled={busy || saved}>
                    {busy ? t("sync.saving") : t("sync.save")}
                  </button>
                </div>
              )}
            </fieldset>
          );
        })
      )}
      {attempted && incomplete && <Banner kind="error">{t("sync.incomplete")}</Banner>}
    </section>
  );
}
