// Settings > Team: who works here. Each member is a calendar with a name, a
// palette colour, working hours and the services they do. Its own page beside
// Working hours, so the main Settings page stays a short list.
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageTitle, useT } from "~/i18n";
import { TeamSection } from "~/components/settings/team-section";
import { requireUser } from "~/security/signed-in.server";
import { serviceNames } from "~/services/catalogue/services.server";
import { addMember, deleteMember, listTeam, updateMember } from "~/services/team/team.server";
import { salonTimeOf } from "~/services/time/salon-time.server";
import { caught, problem, type Problem } from "~/utils/problem";
import { MemberInput, MemberPatch, type TeamAnswer, type TeamIntent } from "~/validation/team";
import { validate } from "~/validation/parse";
import styles from "~/styles/accounts.css?url";
import hoursStyles from "~/styles/hours.css?url";
import { BackLink } from "~/components/ui/back-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: hoursStyles },
];
export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "team.title")];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, business } = await requireUser(request, context);
  const [members, services] = await Promise.all([listTeam(db, business), serviceNames(db, business.id)]);
  return { members, services, businessHours: salonTimeOf(business).working_hours };
}

/** The form's fields as the API's member: services are ticked boxes, the week one JSON field. */
function memberFields(form: FormData) {
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : undefined;
  };
  let hours: unknown;
  const week = text("working_hours");
  if (week !== undefined) {
    try {
      hours = JSON.parse(week);
    } catch {
      hours = week;
    }
  }
  return {
    name: text("name"),
    color: text("color"),
    services: form.getAll("services").filter((s): s is string => typeof s === "string"),
    ...(hours !== undefined ? { working_hours: hours } : {}),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, business } = await requireUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const refused = (i: TeamIntent, p: Problem, status = 400) =>
    data<TeamAnswer>({ intent: i, ok: false, problem: p }, { status });
  if (intent !== "team-add" && intent !== "team-save" && intent !== "team-delete" && intent !== "team-move") {
    return data<TeamAnswer>(
      { intent: "unknown", ok: false, problem: problem("problem.unknownAction") },
      { status: 400 },
    );
  }
  try {
    if (intent === "team-add") {
      const input = validate(MemberInput, memberFields(form));
      if (!input.ok) return refused(intent, input.problem);
      const member = await addMember(db, business, input.value, Date.now());
      return data<TeamAnswer>({ intent, ok: true, name: member.name });
    }
    const id = String(form.get("id") ?? "");
    if (intent === "team-delete") {
      const member = await deleteMember(db, business, id, Date.now());
      return data<TeamAnswer>({ intent, ok: true, name: member.name });
    }
    if (intent === "team-move") {
      const raw = form.get("position");
      const input = validate(MemberPatch, { position: typeof raw === "string" && raw.trim() ? Number(raw) : raw });
      if (!input.ok) return refused(intent, input.problem);
      const member = await updateMember(db, business, id, input.value);
      return data<TeamAnswer>({ intent, ok: true, name: member.name });
    }
    const input = validate(MemberPatch, memberFields(form));
    if (!input.ok) return refused(intent, input.problem);
    const member = await updateMember(db, business, id, input.value);
    return data<TeamAnswer>({ intent, ok: true, name: member.name });
  } catch (error) {
    // A refusal of the service (future bookings, the last member, gone meanwhile) is shown with 200, as the screens' convention has it.
    return refused(intent, caught(error).problem, 200);
  }
}

export default function TeamPage() {
  const t = useT();
  const { members, services, businessHours } = useLoaderData<typeof loader>();
  return (
    <div className="settings">
      <header>
        <BackLink to="/dashboard/settings" label={t("hours.back")} />
        <h1 className="tab-title">{t("team.title")}</h1>
      </header>
      <TeamSection members={members} services={services} businessHours={businessHours} />
    </div>
  );
}

/** A failed load keeps the header and tabs around it, with Try again. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary tab={{ title: "team.title", failed: "access.error.tabFailed" }} />;
}
