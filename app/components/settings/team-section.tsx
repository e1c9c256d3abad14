// Settings > Team: the members in the team's order (who is asked first for a
// new booking; up and down move them), each with Edit (name, colour,
// services, working hours) and Delete, and Add member. Every form
// posts to the team page's action; its loader then reads the team again.
// A refused delete (future bookings, the last member) shows the reason.
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useT } from "~/i18n";
import { Banner } from "~/components/form/banner";
import { Field, ProblemBanner } from "~/components/form/fields";
import { EditIcon, PlusIcon, TrashIcon } from "~/components/ui/icons";
import type { TeamAnswer } from "~/validation/team";
import { colorClass, MAX_MEMBERS, MEMBER_NAME_MAX, nextColor, TEAM_PALETTE } from "~/services/team/palette";
import type { MemberView } from "~/services/team/team.server";
import type { WorkingHours } from "~/services/time/span";
import { WeekEditor, weekInvalid } from "./week-editor";

const ACTION = "/dashboard/settings/team";

type Props = { members: MemberView[]; services: string[]; businessHours: WorkingHours };

export function TeamSection({ members, services, businessHours }: Props) {
  const t = useT();
  const [editing, setEditing] = useState<string | null>(null);
  const remover = useFetcher<TeamAnswer>();
  const mover = useFetcher<TeamAnswer>();
  const move = (id: string, position: number) =>
    mover.submit({ intent: "team-move", id, position: String(position) }, { method: "post", action: ACTION });
  const moved = mover.state === "idle" ? mover.data : undefined;
  const removed = remover.state === "idle" ? remover.data : undefined;
  const full = members.length >= MAX_MEMBERS;
  const servicesOf = (m: MemberView) => (m.services.length ? m.services.join(", ") : t("team.servicesAll"));

  return (
    <section className="card" aria-labelledby="team-title" data-testid="team">
      <h2 id="team-title">{t("team.members")}</h2>
      <p className="muted small">{t("team.hint")}</p>
      <p className="small">{t("team.count", { count: members.length, max: MAX_MEMBERS })}</p>
      {removed && !removed.ok && <ProblemBanner problem={removed.problem} testId="team-error" />}
      {moved && !moved.ok && <ProblemBanner problem={moved.problem} testId="team-error" />}
      {moved?.ok && (
        <Banner kind="success" testId="team-moved">
          {t("team.moved", { name: moved.name })}
        </Banner>
      )}
      {removed?.ok && (
        <Banner kind="success" testId="team-deleted">
          {t("team.deleted", { name: removed.name })}
        </Banner>
      )}
      <ul className="team-list">
        {members.map((m, i) => (
          <li key={m.id} className="team-member" data-testid="team-member">
            <div className="team-member-row">
              <span className={`team-swatch ${colorClass(m.color)}`} aria-hidden="true" />
              <div className="team-member-text">
                <strong>{m.name}</strong>
                <span className="small muted">{servicesOf(m)}</span>
              </div>
              {members.length > 1 && (
                <span className="team-move">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={t("team.moveUp", { name: m.name })}
                    disabled={i === 0 || mover.state !== "idle"}
                    onClick={() => move(m.id, i - 1)}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={t("team.moveDown", { name: m.name })}
                    disabled={i === members.length - 1 || mover.state !== "idle"}
                    onClick={() => move(m.id, i + 1)}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                </span>
              )}
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={t("team.editLabel", { name: m.name })}
                aria-expanded={editing === m.id}
                onClick={() => setEditing(editing === m.id ? null : m.id)}
              >
                <EditIcon size={16} /> {t("team.edit")}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={t("team.deleteLabel", { name: m.name })}
                disabled={remover.state !== "idle"}
                onClick={() => {
                  if (window.confirm(t("team.deleteConfirm", { name: m.name })))
                    remover.submit({ intent: "team-delete", id: m.id }, { method: "post", action: ACTION });
                }}
              >
                <TrashIcon size={16} /> {t("team.delete")}
              </button>
            </div>
            {editing === m.id && (
              <MemberForm
                member={m}
                services={services}
                businessHours={businessHours}
                onDone={() => setEditing(null)}
              />
            )}
          </li>
        ))}
      </ul>
      {editing === "new" ? (
        <MemberForm
          services={services}
          businessHours={businessHours}
          color={nextColor(members.map((m) => m.color))}
          onDone={() => setEditing(null)}
        />
      ) : (
        <div className="settings-actions">
          <button type="button" className="btn btn-primary" disabled={full} onClick={() => setEditing("new")}>
            <PlusIcon size={18} /> {t("team.add")}
          </button>
        </div>
      )}
    </section>
  );
}

type FormProps = {
  member?: MemberView;
  services: string[];
  businessHours: WorkingHours;
  color?: string;
  onDone: () => void;
};

/** Add (no member) or edit one member. The week is sent only when changed: a member who never set their own follows the business's hours. */
function MemberForm({ member, services, businessHours, color, onDone }: FormProps) {
  const t = useT();
  const fetcher = useFetcher<TeamAnswer>();
  const [week, setWeek] = useState<WorkingHours>(member?.working_hours ?? businessHours);
  const [weekChanged, setWeekChanged] = useState(false);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const prefix = member ? `team-${member.id}` : "team-new";
  const busy = fetcher.state !== "idle";
  const invalid = weekChanged && weekInvalid(week);
  // Listed services plus any the member does that the catalogue no longer has.
  const choices = [
    ...services,
    ...(member?.services ?? []).filter((s) => !services.some((c) => c.toLowerCase() === s.toLowerCase())),
  ];
  const does = (s: string) => (member?.services ?? []).some((m) => m.toLowerCase() === s.toLowerCase());
  useEffect(() => {
    if (answer?.ok) onDone();
  }, [answer, onDone]);

  return (
    <fetcher.Form
      method="post"
      action={ACTION}
      className="team-form"
      data-testid="team-form"
      onSubmit={(e) => invalid && e.preventDefault()}
    >
      <input type="hidden" name="intent" value={member ? "team-save" : "team-add"} />
      {member && <input type="hidden" name="id" value={member.id} />}
      {weekChanged && <input type="hidden" name="working_hours" value={JSON.stringify(week)} />}
      {answer && !answer.ok && <ProblemBanner problem={answer.problem} testId="team-form-error" />}
      <Field id={`${prefix}-name`} label={t("team.name")}>
        <input
          id={`${prefix}-name`}
          name="name"
          type="text"
          required
          maxLength={MEMBER_NAME_MAX}
          defaultValue={member?.name ?? ""}
          autoComplete="off"
        />
      </Field>
      <fieldset className="field">
        <legend>{t("team.color")}</legend>
        <div className="team-palette">
          {TEAM_PALETTE.map((c, i) => (
            <label key={c} className={`team-color ${colorClass(c)}`}>
              <input
                type="radio"
                name="color"
                value={c}
                defaultChecked={(member?.color ?? color) === c}
                aria-label={t("team.colorOption", { n: i + 1 })}
              />
            </label>
          ))}
        </div>
      </fieldset>
      {choices.length > 0 && (
        <fieldset className="field">
          <legend>{t("team.services")}</legend>
          <span className="hint">{t("team.servicesHint")}</span>
          <div className="team-services">
            {choices.map((s) => (
              <label key={s} className="team-service">
                <input type="checkbox" name="services" value={s} defaultChecked={does(s)} /> {s}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <details className="team-hours">
        <summary>{t("team.hours")}</summary>
        <WeekEditor
          week={week}
          idPrefix={`${prefix}-hours`}
          onChange={(next) => {
            setWeek(next);
            setWeekChanged(true);
          }}
        />
      </details>
      <div className="settings-actions row gap-sm wrap">
        <button type="submit" className="btn btn-primary" disabled={busy || invalid}>
          {busy ? (member ? t("team.saving") : t("team.adding")) : member ? t("team.save") : t("team.add")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t("team.cancel")}
        </button>
      </div>
    </fetcher.Form>
  );
}
