// Settings > Working hours and time off: when the salon is open (per weekday,
// zero or more intervals), the grid free times are offered on and the notice,
// and the days it is closed. Its own page, so the main Settings page stays a
// short list an owner can find things in on a phone.
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageTitle, useT } from "~/i18n";
import { HoursEditor } from "~/components/settings/hours-editor";
import { TimeOffSection } from "~/components/settings/time-off-section";
import { requireUser } from "~/security/signed-in.server";
import {
  addTimeOff,
  deleteTimeOff,
  listTimeOff,
  salonTimeOf,
  updateSalonTime,
} from "~/services/time/salon-time.server";
import { localDate } from "~/utils/time-zone";
import { caught, problem, type Problem } from "~/utils/problem";
import { HoursForm, TimeOffInput, type HoursAnswer, type HoursIntent } from "~/validation/hours";
import { validate } from "~/validation/parse";
import styles from "~/styles/accounts.css?url";
import hoursStyles from "~/styles/hours.css?url";
import { BackLink } from "~/components/ui/back-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: hoursStyles },
];
export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "hours.pageTitle")];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, business } = await requireUser(request, context);
  const today = localDate(Date.now(), business.timeZone);
  return { hours: salonTimeOf(business), timeOff: await listTimeOff(db, business.id), today };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, business } = await requireUser(request, context);
  const form = await request.formData();
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  const intent = fields.intent;
  const refused = (i: HoursIntent, p: Problem, status = 400) =>
    data<HoursAnswer>({ intent: i, ok: false, problem: p }, { status });
  if (intent === "hours") {
    const input = validate(HoursForm, fields);
    if (!input.ok) return refused(intent, input.problem);
    await updateSalonTime(db, business, input.value);
    return data<HoursAnswer>({ intent, ok: true });
  }
  if (intent === "time-off-add" || intent === "time-off-delete") {
    try {
      if (intent === "time-off-add") {
        const input = validate(TimeOffInput, fields);
        if (!input.ok) return refused(intent, input.problem);
        await addTimeOff(db, business.id, input.value, Date.now());
      } else {
        await deleteTimeOff(db, business.id, String(fields.id ?? ""));
      }
      return data<HoursAnswer>({ intent, ok: true });
    } catch (error) {
      // A refusal of the service (gone meanwhile, too many) is shown with 200, as the screens' convention has it.
      return refused(intent, caught(error).problem, 200);
    }
  }
  return data<HoursAnswer>(
    { intent: "unknown", ok: false, problem: problem("problem.unknownAction") },
    { status: 400 },
  );
}

export default function HoursPage() {
  const t = useT();
  const { hours, timeOff, today } = useLoaderData<typeof loader>();
  return (
    <div className="settings">
      <header>
        <BackLink to="/dashboard/settings" label={t("hours.back")} />
        <h1 className="tab-title">{t("hours.pageTitle")}</h1>
      </header>
      <HoursEditor settings={hours} />
      <TimeOffSection items={timeOff} today={today} />
    </div>
  );
}

/** A failed load keeps the header and tabs around it, with Try again. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary tab={{ title: "hours.pageTitle", failed: "access.error.tabFailed" }} />;
}
