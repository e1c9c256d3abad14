// Number safety on a client's row: the opt-out badge, and why the business may
// write to them first (their contact basis).
import { useT } from "~/i18n";
import { formatDateGB } from "~/services/templates";
import type { ClientConsent } from "~/services/safety/consent.server";

export function OptedOutBadge({ client }: { client: ClientConsent }) {
  const t = useT();
  if (!client.opted_out) return null;
  return (
    <span className="badge badge-grey" title={t("safety.client.optedOutHint")} data-testid="client-opted-out">
      {t("safety.client.optedOut")}
    </span>
  );
}

export function ContactBasisLine({ client }: { client: ClientConsent }) {
  const t = useT();
  const date = client.contact_since ? formatDateGB(client.contact_since.slice(0, 10)) : "";
  return (
    <div className="client-basis small" data-testid="client-basis">
      <p className="muted">{t(`safety.basis.${client.contact_basis}`, { date })}</p>
      {client.opted_out && <p className="muted">{t("safety.client.optedOutHint")}</p>}
    </div>
  );
}
