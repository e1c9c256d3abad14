// The Rules tab: the list of rules, their details, delete, and the wizard.
// Reads through the loader, Send and Delete through the action (fetchers).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  useFetcher,
  useLoaderData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useState } from "react";
import { pageTitle, useT } from "~/i18n";
import { requireUser } from "~/security/signed-in.server";
import { DeleteConfirm, RuleCards, RuleDetails } from "~/components/rules/rule-list";
import { Toast, useToast } from "~/components/ui/toast";
import { PlusIcon } from "~/components/ui/icons";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import { RuleWizard } from "~/components/rules/wizard";
import { problem } from "~/utils/problem";
import { LOST_REQUEST, refusalToast, rulesIntent, type RulesAnswer } from "~/components/rules/answer";
import { rulesAction, rulesPage, type ScreenRule } from "./rules.server";
import modalCss from "~/styles/modal.css?url";
import rulesCss from "~/styles/rules.css?url";
import toastCss from "~/styles/toast.css?url";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { isNavigationOrHttp } from "~/components/ui/lost-request";

export const links: LinksFunction = () => [modalCss, toastCss, rulesCss].map((href) => ({ rel: "stylesheet", href }));
export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "dash.tab.rules")];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const { business } = await requireUser(request, context);
  return rulesPage(env, business, new URL(request.url));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return rulesAction(context.cloudflare.env, request);
}

/**
 * The wizard's client list for chosen services (`?service=`): when that load
 * fails, null, and the wizard falls back to all clients (the spec). Page loads
 * go through as they are.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  if (!new URL(request.url).searchParams.has("service")) return serverLoader<typeof loader>();
  try {
    return await serverLoader<typeof loader>();
  } catch (error) {
    if (error instanceof Response) throw error; // signed out: the login page
    return null;
  }
}

/** A Send or Delete that never reached the server: the spec's 'Error ... Please try again.' toast, and no revalidation. */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = rulesIntent((await request.clone().formData()).get("intent"));
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (isNavigationOrHttp(error)) throw error;
    const failed: RulesAnswer = { ok: false, intent, problem: problem(LOST_REQUEST[intent]) };
    return Response.json(failed, { status: 503 });
  }
}

export default function RulesTab() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const { toast, show, hide } = useToast();
  const deleter = useFetcher<RulesAnswer>();
  const [wizardOpen, setWizardOpen] = useState(false);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const keyOf = (r: ScreenRule) => r.rule_group_id || r.id;
  const openRule = data.rules.find((r) => keyOf(r) === openKey) ?? null;

  useFetcherResult(deleter, {
    ok: (result) => {
      show("success", t("rules.toast.deleted", { n: result.count }));
      setConfirming(false);
      setOpenKey(null);
    },
    problem: (refused) => show("error", refusalToast(t, refused, "rules.toast.deleteFailed")),
  });

  function deleteRule(rule: ScreenRule) {
    const target: Record<string, string> = rule.rule_group_id ? { rule_group_id: rule.rule_group_id } : { id: rule.id };
    deleter.submit({ intent: "delete", ...target }, { method: "post", action: "/dashboard/rules" });
  }

  return (
    <section className="rules-tab" aria-labelledby="tab-title">
      <Toast toast={toast} onHide={hide} duration={4000} placement="top" testId="rules-toast" />
      <div className="row between gap-sm rules-head">
        <h1 id="tab-title" className="tab-title">
          {t("rules.title")}
        </h1>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setWizardOpen(true)}>
          <PlusIcon size={18} strokeWidth={2.4} />
          {t("rules.add")}
        </button>
      </div>

      <RuleCards rules={data.rules} onOpen={(r) => setOpenKey(keyOf(r))} />

      {openRule && (
        <RuleDetails rule={openRule} onClose={() => setOpenKey(null)} onDelete={() => setConfirming(true)} />
      )}
      {openRule && confirming && (
        <DeleteConfirm
          busy={deleter.state === "submitting"}
          onCancel={() => setConfirming(false)}
          onConfirm={() => deleteRule(openRule)}
        />
      )}
      {wizardOpen && (
        <RuleWizard
          services={data.services}
          clients={data.clients}
          optedOut={data.optedOut}
          today={data.today}
          timeZone={data.timeZone}
          sendTime={data.sendTime}
          messageLang={data.messageLang}
          quietHours={{ start: data.quietStart, end: data.quietEnd }}
          onClose={() => setWizardOpen(false)}
          onDone={show}
        />
      )}
    </section>
  );
}

/** A refused or lost Send or Delete changes nothing: the lists are not reloaded for it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && (actionResult as { ok?: boolean }).ok === false ? false : defaultShouldRevalidate;

/** A failed load or a lost request keeps the header and tabs, with Try again. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary tab={{ title: "rules.title", failed: "access.error.tabFailed" }} />;
}
