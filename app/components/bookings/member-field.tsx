// "With": whose calendar a booking is on, shown only when the team has more
// than one member. One field for Add Booking, the list's Edit and a booking
// request's Edit; the form gives the select's props (controlled, or conform's).
import type { SelectHTMLAttributes } from "react";
import { useT } from "~/i18n";
import type { Problem } from "~/utils/problem";
import { Field } from "../form/fields";

/** A team member as the booking screens list them. */
export type TeamMember = { id: string; name: string; color: string };

type Props = {
  id: string;
  members: TeamMember[];
  /** A first choice worth "": the first free member ("auto"), or nobody's calendar ("unassigned"). */
  empty?: "auto" | "unassigned";
  select?: SelectHTMLAttributes<HTMLSelectElement>;
  error?: { id: string; problems?: readonly Problem[] | null };
};

export function MemberField({ id, members, empty, select, error }: Props) {
  const t = useT();
  if (members.length < 2) return null;
  return (
    <Field id={id} label={t("team.member")} errorId={error?.id} problems={error?.problems}>
      <select name="member_id" {...select} id={id}>
        {empty && <option value="">{t(empty === "auto" ? "team.memberAuto" : "team.unassigned")}</option>}
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
