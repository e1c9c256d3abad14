// One booking request: who, what, when, the customer's words; Accept (one tap
// saves the booking), Edit (service from the catalogue, date, time, notes, with a team whose calendar;
// Save accepts it corrected) and Dismiss. Each card has its own fetcher, so
// two cards work independently; after its answer the route reloads and a
// decided card leaves the list (also one decided elsewhere: its message shows).
// A change asked in the chat (reschedule, late, cancel) shows what was asked
// about which booking, an "Answer the customer" switch, and an Accept that says
// what it does (Move, Add a note, Cancel the booking); it has no Edit.
import { getFormProps, getSelectProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useT } from "~/i18n";
import { Field, TextAreaField, TextField } from "~/components/form/fields";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { proposalSchemas } from "~/components/form/schemas";
import { OverlapWarning } from "~/components/bookings/overlap-warning";
import { ReliabilityLine } from "~/components/sync/reliability-line";
import { CheckIcon, CloseIcon, EditIcon } from "~/components/ui/icons";
import type { ShowToast } from "~/components/ui/toast";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import type { ScreenProposal, SyncActionData } from "~/routes/dashboard.sync/screen.server";
import { serviceKey } from "~/utils/service-name";
import { MemberField, type TeamMember } from "~/components/bookings/member-field";
import { FreeTimeChips, textOf } from "~/components/bookings/free-time-chips";
import { Switch } from "~/components/ui/switch";
import type { MessageKey } from "~/i18n";
import { ChatQuote } from "./chat-quote";
import { SyncCard } from "./sync-card";

type Props = {
  proposal: ScreenProposal;
  services: { id: string; service: string }[];
  /** The team; with more than one, Edit chooses whose calendar. */
  members: TeamMember[];
  /** Opened from a link naming this proposal: shown, focused and marked. */
  targeted: boolean;
  show: ShowToast;
  onDecided: () => void;
};

/** The bookings in the way when Accept (or Save) was refused for an overlap: the card then offers "Book anyway". */
function conflictsOf(data: SyncActionData | undefined, intent: "proposal-accept" | "proposal-edit") {
  if (!data || data.intent !== intent || data.ok || !("conflicts" in data) || !data.conflicts?.length) return null;
  return data.conflicts;
}

export function ProposalCard({ proposal: p, services, members, targeted, show, onDecided }: Props) {
  const t = useT();
  const fetcher = useFetcher<SyncActionData>();
  const [editing, setEditing] = useState(false);
  const busy = fetcher.state !== "idle";
  const pending = busy ? fetcher.formData?.get("intent") : null;
  const base = `proposal-${p.id}`;

  useFetcherResult(fetcher, (data) => {
    if (data.intent !== "proposal-accept" && data.intent !== "proposal-edit" && data.intent !== "proposal-dismiss")
      return;
    if (data.ok) {
      const done =
        p.kind === "booking"
          ? t("proposals.accepted", { name: p.client_name })
          : t("proposals.changed", { name: p.client_name || p.client_phone });
      show("success", data.intent === "proposal-dismiss" ? t("proposals.dismissed") : done);
      onDecided();
      return;
    }
    // An overlap is answered on the card itself ("Book anyway"), not in a toast.
    if ("conflicts" in data && data.conflicts?.length) return;
    show("error", t(data.problem.key, data.problem.params));
    // Decided elsewhere (or gone): the reload takes the card away.
    if (data.problem.key.startsWith("proposals.err.")) onDecided();
  });

  const taken = busy ? null : conflictsOf(fetcher.data, "proposal-accept");
  // A change's "Answer the customer" switch (on by default): sent with Accept (and "Move anyway") as ack=1/0.
  const [ack, setAck] = useState(true);
  const change = p.kind !== "booking";
  const ackField = change && <input type="hidden" name="ack" value={ack ? "1" : "0"} />;
  const when = p.day ? t(p.day === "today" ? "proposals.today" : "proposals.tomorrow") : p.dayText;
  const name = p.client_name || p.client_phone;
  // The customer's own words (also while editing).
  const quote = p.quote && (
    <ChatQuote caption={t("proposals.quote")} testId="proposal-quote" className="proposal-quote">
      {p.quote}
    </ChatQuote>
  );
  return (
    <SyncCard id={base} targeted={targeted} busy={busy} labelledBy={`${base}-name`} testId="proposal-card">
      <header className="proposal-head">
        <h3 id={`${base}-name`} className="proposal-name">
          {name}
        </h3>
        {p.client_name && (
          <bdi dir="ltr" className="muted small">
            {p.client_phone}
          </bdi>
        )}
      </header>
      <ReliabilityLine record={p.reliability} />
      {editing ? (
        <>
          {quote}
          <ProposalEdit
            proposal={p}
            services={services}
            members={members}
            base={base}
            fetcher={fetcher}
            onCancel={() => setEditing(false)}
          />
        </>
      ) : (
        <>
          {change ? (
            <ChangeWhat proposal={p} base={base} />
          ) : (
            <p className="proposal-what">
              <span className="proposal-service">{p.service}</span>
              <span className="proposal-when">
                <span title={p.day ? p.dayText : undefined}>{when}</span>
                {" · "}
                <bdi dir="ltr">{p.time}</bdi>
              </span>
            </p>
          )}
          {quote}
          {change && (
            <Switch
              id={`${base}-ack`}
              label={t("proposals.ack")}
              hint={t("proposals.ackHint")}
              checked={ack}
              onChange={setAck}
              disabled={busy}
              testId="proposal-ack"
            />
          )}
          {p.notes && (
            <p className="proposal-notes small">
              <span className="muted">{t("proposals.notes")}: </span>
              <span dir="auto">{p.notes}</span>
            </p>
          )}
          <div className="proposal-actions">
            <fetcher.Form method="post" className="proposal-accept">
              <input type="hidden" name="intent" value="proposal-accept" />
              <input type="hidden" name="id" value={p.id} />
              {ackField}
              {change ? (
                <button
                  type="submit"
                  className="btn btn-primary"
                  disabled={busy}
                  aria-describedby={`${base}-name ${base}-change`}
                >
                  <CheckIcon size={18} />{" "}
                  {pending === "proposal-accept" ? t("proposals.accepting") : t(ACCEPT_TEXT[p.kind as ChangeKind])}
                </button>
              ) : (
                <button
                  type="submit"
                  className="btn btn-primary"
                  disabled={busy}
                  aria-label={t("proposals.acceptOf", { service: p.service, name })}
                >
                  <CheckIcon size={18} />{" "}
                  {pending === "proposal-accept" ? t("proposals.accepting") : t("proposals.accept")}
                </button>
              )}
            </fetcher.Form>
            {!change && (
              <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setEditing(true)}>
                <EditIcon size={16} /> {t("proposals.edit")}
              </button>
            )}
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="proposal-dismiss" />
              <input type="hidden" name="id" value={p.id} />
              <button
                type="submit"
                className="btn btn-danger-ghost"
                disabled={busy}
                aria-label={
                  change
                    ? t("proposals.dismissChangeOf", { name })
                    : t("proposals.dismissOf", { service: p.service, name })
                }
              >
                <CloseIcon size={16} />{" "}
                {pending === "proposal-dismiss" ? t("proposals.dismissing") : t("proposals.dismiss")}
              </button>
            </fetcher.Form>
          </div>
          {taken && (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="proposal-accept" />
              <input type="hidden" name="id" value={p.id} />
              {ackField}
              <OverlapWarning
                conflicts={taken}
                date={p.date}
                disabled={busy}
                anyway={change ? "timebook.moveAnyway" : "timebook.bookAnyway"}
              />
            </fetcher.Form>
          )}
        </>
      )}
    </SyncCard>
  );
}

type ChangeKind = Exclude<ScreenProposal["kind"], "booking">;

/** What Accept does to the booking, as its button says it. */
const ACCEPT_TEXT = {
  reschedule: "proposals.acceptReschedule",
  late: "proposals.acceptLate",
  cancel: "proposals.acceptCancel",
} as const satisfies Record<ChangeKind, MessageKey>;

/** A day and time as the card says it: "Today · 16:30", "Thursday, 17 January 2030 · 16:30". */
function When({ day, dayText, time }: { day: "today" | "tomorrow" | null; dayText: string; time: string }) {
  const t = useT();
  return (
    <>
      <span title={day ? dayText : undefined}>
        {day ? t(day === "today" ? "proposals.today" : "proposals.tomorrow") : dayText}
      </span>
      {" · "}
      <bdi dir="ltr">{time}</bdi>
    </>
  );
}

/**
 * A change's what and when: the kind ("Asks to move the booking", "Running late", "Can't come"), the
 * service, and for a reschedule the booked time and the new one side by side; for lateness the minutes said.
 */
function ChangeWhat({ proposal: p, base }: { proposal: ScreenProposal; base: string }) {
  const t = useT();
  const booked = p.from ?? { date: p.date, time: p.time, day: p.day, dayText: p.dayText };
  return (
    <div id={`${base}-change`} className="proposal-change" data-testid="proposal-change">
      <p className={`proposal-kind is-${p.kind}`}>
        <strong>{t(`proposals.kind.${p.kind as ChangeKind}`)}</strong>
        <span className="proposal-service">{p.service}</span>
      </p>
      {p.kind === "reschedule" ? (
        <dl className="proposal-move">
          <div className="proposal-move-from">
            <dt>{t("proposals.fromTime")}</dt>
            <dd>
              <When {...booked} />
            </dd>
          </div>
          <div className="proposal-move-to">
            <dt>{t("proposals.toTime")}</dt>
            <dd>
              <When day={p.day} dayText={p.dayText} time={p.time} />
            </dd>
          </div>
        </dl>
      ) : (
        <p className="proposal-what">
          <span className="muted">{t("proposals.bookedFor")}: </span>
          <span className="proposal-when">
            <When {...booked} />
          </span>
        </p>
      )}
      {p.kind === "late" && (
        <p className="proposal-late">
          {p.minutes ? t("proposals.lateNote", { minutes: p.minutes }) : t("proposals.lateNoteUnsaid")}
        </p>
      )}
    </div>
  );
}

type EditProps = {
  proposal: ScreenProposal;
  services: { id: string; service: string }[];
  members: TeamMember[];
  base: string;
  fetcher: ReturnType<typeof useFetcher<SyncActionData>>;
  onCancel: () => void;
};

/** The inline edit: problems under their fields (the booking fields' texts); Save accepts with the corrections. */
function ProposalEdit({ proposal: p, services, members, base, fetcher, onCancel }: EditProps) {
  const t = useT();
  const saving = fetcher.state !== "idle";
  const answer = fetcher.data?.intent === "proposal-edit" && !fetcher.data.ok ? fetcher.data : undefined;
  const taken = saving ? null : conflictsOf(fetcher.data, "proposal-edit");
  const [form, fields] = useSchemaForm(proposalSchemas, (m) => m.ProposalEditForm, {
    id: `${base}-edit`,
    lastResult: saving ? undefined : answer?.reply,
    defaultValue: { id: p.id, service: p.service, date: p.date, time: p.time, notes: p.notes, member_id: "" },
  });
  // The catalogue's services, and the proposed one when the catalogue does not have it.
  const options = services.some((s) => serviceKey(s.service) === serviceKey(p.service))
    ? services.map((s) => s.service)
    : [p.service, ...services.map((s) => s.service)];
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);

  return (
    <fetcher.Form
      method="post"
      className="proposal-edit"
      {...getFormProps(form)}
      aria-label={t("proposals.editOf", { name: p.client_name || p.client_phone })}
    >
      <input type="hidden" name="intent" value="proposal-edit" />
      <input type="hidden" name="id" value={p.id} />
      {/* Its own select inside the frame: the edit focuses it when it opens. */}
      <Field
        id={`${base}-service`}
        label={t("proposals.service")}
        errorId={fields.service.errorId}
        problems={fields.service.errors}
      >
        <select {...getSelectProps(fields.service)} id={`${base}-service`} ref={first}>
          {options.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </Field>
      <div className="proposal-date-time">
        <TextField field={fields.date} label={t("proposals.date")} type="date" id={`${base}-date`} />
        <TextField field={fields.time} label={t("proposals.time")} type="time" id={`${base}-time`} />
      </div>
      <TextAreaField field={fields.notes} label={t("proposals.notes")} id={`${base}-notes`} maxLength={2000} rows={2} />
      <MemberField
        id={`${base}-member`}
        members={members}
        empty="auto"
        select={getSelectProps(fields.member_id)}
        error={{ id: fields.member_id.errorId, problems: fields.member_id.errors }}
      />
      <FreeTimeChips
        member={textOf(fields.member_id.value)}
        service={textOf(fields.service.value)}
        date={textOf(fields.date.value)}
        time={textOf(fields.time.value)}
        onPick={(time) => form.update({ name: "time", value: time })}
      />
      {taken && <OverlapWarning conflicts={taken} date={String(fields.date.value ?? p.date)} disabled={saving} />}
      <div className="proposal-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t("proposals.accepting") : t("proposals.save")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={saving}>
          {t("proposals.cancel")}
        </button>
      </div>
    </fetcher.Form>
  );
}
