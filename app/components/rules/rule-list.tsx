import { useLang, useT } from "~/i18n";
import type { ScreenRule as RuleGroup, ScreenRuleClient as RuleClient } from "~/routes/dashboard.rules/rules.server";
import {
  badgeClass,
  clientsCount,
  clientStatusOf,
  describeSchedule,
  formatCreated,
  formatDateGB,
  overallStatus,
  statusLabel,
} from "./format";
import { Modal } from "~/components/ui/modal";
import { ArrowIcon } from "~/components/ui/icons";
import { ManualSend } from "./manual-send";

function ruleTitle(rule: RuleGroup) {
  return rule.services.length ? rule.services.join(", ") : rule.rule_name;
}

export function RuleCards({ rules, onOpen }: { rules: RuleGroup[]; onOpen: (rule: RuleGroup) => void }) {
  const t = useT();
  if (rules.length === 0) {
    return (
      <div className="rules-empty" data-testid="rules-empty">
        <p className="rules-empty-title">{t("rules.empty")}</p>
        <p className="muted small">{t("rules.emptyHint")}</p>
      </div>
    );
  }
  return (
    <ul className="rule-cards" data-testid="rule-cards">
      {rules.map((rule) => {
        const status = overallStatus(rule.clients.map((c) => c.client_status));
        return (
          <li key={rule.rule_group_id || rule.id}>
            <button type="button" className="rule-card" onClick={() => onOpen(rule)} aria-haspopup="dialog">
              <span className="rule-card-top">
                <span className="rule-card-services">{ruleTitle(rule)}</span>
                <span className={`badge ${badgeClass[status]}`}>{statusLabel(t, status)}</span>
              </span>
              <span className="rule-card-type">
                {t(rule.type === "reminder" ? "rules.type.reminder" : "rules.type.followup")}
              </span>
              <span className="rule-card-meta muted small">
                <span>{clientsCount(t, rule.clients_count)}</span>
                <span aria-hidden="true"> · </span>
                <span>{describeSchedule(t, rule)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ClientRow({ client }: { client: RuleClient }) {
  const t = useT();
  const status = clientStatusOf(client.client_status);
  // Why it was cancelled or failed, in the reader's language (the stored reason is a key).
  const shown = client.reason && (status === "failed" || status === "cancelled") ? client.reason : null;
  const rebooked = shown?.key === "rules.reason.rebooked";
  const reason = shown && !rebooked ? t(shown.key, shown.params) : null;
  return (
    <li className="rule-client">
      <div className="rule-client-who">
        <span className="rule-client-name">{client.client_name || t("rules.unknownName")}</span>
        <span className={`badge ${typeof status === "string" ? badgeClass[status] : "badge-grey"}`}>
          {statusLabel(t, status)}
        </span>
      </div>
      <div className="muted small" dir="ltr">
        {client.phone_display}
      </div>
      <div className="rule-client-when small">
        <bdi dir="ltr">
          {formatDateGB(client.booking_date)} {client.booking_time}
        </bdi>
        <span className="rule-arrow">
          <span className="sr-only">{t("rules.details.sendsAt")}</span>
          <ArrowIcon size={16} />
        </span>
        {client.schedule_time ? (
          <bdi dir="ltr">
            {formatDateGB(client.schedule_date)} {client.schedule_time}
          </bdi>
        ) : (
          <span>
            <bdi dir="ltr">{formatDateGB(client.schedule_date)}</bdi> {t("rules.details.processing")}
          </span>
        )}
      </div>
      {reason && <div className="rule-client-reason small">{t("rules.details.reason", { reason })}</div>}
      {rebooked && (
        <div className="rule-client-reason small" data-testid="rule-client-rebooked">
          {t("confirm.rebooked")}
        </div>
      )}
      {client.reply_action && (
        <div className={`rule-client-reply small is-${client.reply_action}`} data-testid="rule-client-reply" dir="auto">
          {t(client.reply_action === "confirmed" ? "confirm.reply.confirmed" : "confirm.reply.cancelled", {
            text: client.reply_text ?? "",
          })}
        </div>
      )}
      {status === "manual" && client.send_link && <ManualSend messageId={client.id} link={client.send_link} />}
      {client.paused && status === "scheduled" && (
        <div className="rule-client-waiting small" data-testid="rule-client-paused">
          {t("rules.details.paused")}
        </div>
      )}
      {client.reason?.key === "rules.reason.overBudget" && status === "scheduled" && (
        <div className="rule-client-waiting small" data-testid="rule-client-over-budget">
          {t(client.reason.key, client.reason.params)}
        </div>
      )}
      {client.waiting && status === "scheduled" && (
        <div className="rule-client-waiting small" data-testid="rule-client-waiting">
          {t("rules.details.waiting")}
        </div>
      )}
    </li>
  );
}

export function RuleDetails({
  rule,
  onClose,
  onDelete,
}: {
  rule: RuleGroup;
  onClose: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const status = overallStatus(rule.clients.map((c) => c.client_status));
  return (
    <Modal
      title={ruleTitle(rule)}
      onClose={onClose}
      closeLabel={t("rules.close")}
      testId="rule-details"
      footer={
        <button type="button" className="btn btn-danger btn-block" onClick={onDelete}>
          {t("rules.delete")}
        </button>
      }
    >
      <dl className="rule-facts">
        <div>
          <dt>{t("rules.details.schedule")}</dt>
          <dd>
            {t(rule.type === "reminder" ? "rules.type.reminder" : "rules.type.followup")} · {describeSchedule(t, rule)}
          </dd>
        </div>
        <div>
          <dt>{t("rules.details.status")}</dt>
          <dd>
            <span className={`badge ${badgeClass[status]}`}>{statusLabel(t, status)}</span>
          </dd>
        </div>
        <div>
          <dt>{t("rules.details.created")}</dt>
          <dd>{formatCreated(rule.created_at, lang)}</dd>
        </div>
        <div>
          <dt>{t("rules.details.total")}</dt>
          <dd>{rule.clients_count}</dd>
        </div>
      </dl>
      <h3 className="rule-section">{t("rules.details.message")}</h3>
      <p className="rule-template" dir="auto">
        {rule.template || rule.message_body}
      </p>
      <h3 className="rule-section">{t("rules.details.clients")}</h3>
      {rule.clients.length === 0 ? (
        <p className="muted">{t("rules.details.noClients")}</p>
      ) : (
        <ul className="rule-clients">
          {rule.clients.map((c) => (
            <ClientRow key={c.id} client={c} />
          ))}
        </ul>
      )}
    </Modal>
  );
}

export function DeleteConfirm({
  busy,
  onCancel,
  onConfirm,
}: {
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <Modal
      title={t("rules.confirm.title")}
      onClose={onCancel}
      locked={busy}
      closeLabel={t("rules.close")}
      className="modal-small"
      testId="delete-confirm"
      role="alertdialog"
      footer={
        <div className="row gap-sm modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy} data-autofocus>
            {t("rules.confirm.cancel")}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
            {t("rules.confirm.delete")}
          </button>
        </div>
      }
    >
      <p>{t("rules.confirm.body")}</p>
    </Modal>
  );
}
