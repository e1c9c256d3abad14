// The Rules tab: the list of rules, their details, delete, and the wizard.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useT } from "~/i18n";
import { requireUser } from "~/security/signed-in.server";
import { bookableClients, ruleServices } from "~/services/rules/candidates.server";
import { listRules, type RuleGroup } from "~/services/rules/rules.server";
import { localDate } from "~/utils/time-zone";
import { DeleteConfirm, RuleCards, RuleDetails } from "~/components/rules/rule-list";
import { Toast, useToast } from "~/components/ui/toast";
import { RuleWizard } from "~/components/rules/wizard";
import modalCss from "~/styles/modal.css?url";
import rulesCss from "~/styles/rules.css?url";
import toastCss from "~/styles/toast.css?url";

export const links: LinksFunction = () => [modalCss, toastCss, rulesCss].map((href) => ({ rel: "stylesheet", href }));
export const meta: MetaFunction = () => [{ title: "Rules · Chatbook" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const { business } = await requireUser(request, env);
  const now = Date.now();
  const [rules, services, clients] = await Promise.all([
    listRules(env.DB, business.id),
    ruleServices(env.DB, business.id),
    bookableClients(env.DB, business, now),
  ]);
  return {
    rules, services, clients, businessId: business.id, timeZone: business.timeZone, sendTime: business.sendTime,
    messageLang: business.messageLang, quietStart: business.quietStart, quietEnd: business.quietEnd,
    today: localDate(now, business.timeZone),
  };
}

export default function RulesTab() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const revalidator = useRevalidator();
  const { toast, show, hide } = useToast();
  const [wizardOpen, setWizardOpen] = useState(false);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const keyOf = (r: RuleGroup) => r.rule_group_id || r.id;
  const openRule = data.rules.find((r) => keyOf(r) === openKey) ?? null;

  async function deleteRule(rule: RuleGroup) {
    setDeleting(true);
    const path = rule.rule_group_id ? `/api/rules/delete/group/${encodeURIComponent(rule.rule_group_id)}` : `/api/rules/${encodeURIComponent(rule.id)}`;
    try {
      const res = await fetch(`${path}?business_id=${encodeURIComponent(data.businessId)}`, { method: "DELETE", credentials: "same-origin", headers: { Accept: "application/json" } });
      const answer = (await res.json().catch(() => ({}))) as { success?: boolean; deleted_count?: number; detail?: string };
      if (res.status === 401) show("error", t("rules.toast.login"));
      else if (!res.ok || answer.success === false) show("error", t("rules.toast.deleteFailed", { detail: answer.detail || t("rules.toast.unknown") }));
      else {
        show("success", t("rules.toast.deleted", { n: answer.deleted_count ?? 0 }));
        setConfirming(false);
        setOpenKey(null);
        revalidator.revalidate();
      }
    } catch {
      show("error", t("rules.toast.deleteError"));
    }
    setDeleting(false);
  }

  return (
    <section className="rules-tab" aria-labelledby="tab-title">
      <Toast toast={toast} onHide={hide} duration={4000} placement="top" testId="rules-toast" />
      <div className="row between gap-sm rules-head">
        <h1 id="tab-title" className="tab-title">{t("rules.title")}</h1>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setWizardOpen(true)}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.4} strokeLinecap="round" aria-hidden="true" focusable="false">
            <path d="M12 5v14M5 12h14" />
          </svg>
          {t("rules.add")}
        </button>
      </div>

      <RuleCards rules={data.rules} onOpen={(r) => setOpenKey(keyOf(r))} />

      {openRule && <RuleDetails rule={openRule} onClose={() => setOpenKey(null)} onDelete={() => setConfirming(true)} />}
      {openRule && confirming && <DeleteConfirm busy={deleting} onCancel={() => setConfirming(false)} onConfirm={() => deleteRule(openRule)} />}
      {wizardOpen && (
        <RuleWizard
          services={data.services}
          clients={data.clients}
          today={data.today}
          timeZone={data.timeZone}
          sendTime={data.sendTime}
          messageLang={data.messageLang}
          quietHours={{ start: data.quietStart, end: data.quietEnd }}
          onClose={() => setWizardOpen(false)}
          onDone={(kind, text) => {
            show(kind, text);
            if (kind === "success") revalidator.revalidate();
          }}
        />
      )}
    </section>
  );
}
