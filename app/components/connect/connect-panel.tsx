import { statusLabel, type StatusLabel } from "~/services/whatsapp/session-view";
import { useT, type MessageKey } from "~/i18n";
import type { ConnectSession } from "~/routes/dashboard._index/connect.server";
import { useProblemText } from "../form/field-error";
import { Banner } from "../form/banner";
import { useWhatsAppSession } from "./use-whatsapp-session";

type Props = { profile: { name: string; business_id: string }; session: ConnectSession | null };

const looks: Record<StatusLabel, { label: MessageKey; message: MessageKey; tone: string }> = {
  connected: { label: "connect.label.connected", message: "connect.msg.connected", tone: "badge-green" },
  starting: { label: "connect.label.starting", message: "connect.msg.starting", tone: "badge-amber" },
  scanQr: { label: "connect.label.scanQr", message: "connect.msg.scanQr", tone: "badge-blue" },
  stopped: { label: "connect.label.stopped", message: "connect.msg.stopped", tone: "badge-grey" },
  failed: { label: "connect.label.failed", message: "connect.msg.failed", tone: "badge-red" },
  disconnected: { label: "connect.label.disconnected", message: "connect.msg.disconnected", tone: "badge-grey" },
};

export function ConnectPanel({ profile, session }: Props) {
  const t = useT();
  const problemText = useProblemText();
  const s = useWhatsAppSession(session);
  const label = statusLabel(s.status);
  const look = looks[label];
  const message: MessageKey = s.status === "connecting" ? "connect.msg.connecting" : look.message;
  const errorText = s.error ? problemText(s.error) : null;
  const showConnect =
    s.status === "no-session" || s.status === "disconnected" || (label === "disconnected" && s.status !== "connecting");

  return (
    <div className="connect stack">
      <section className="card welcome">
        <h1 className="tab-title">{t("connect.welcome", { name: profile.name })}</h1>
        <p className="muted">{t("connect.welcomeBody")}</p>
      </section>

      <section className="card" aria-labelledby="wa-status-title" aria-busy={s.busy}>
        <div className="row between gap">
          <h2 id="wa-status-title" className="h3">
            {t("connect.statusTitle")}
          </h2>
          <span className={`badge ${look.tone}`} data-testid="wa-status" role="status">
            {t(look.label)}
          </span>
        </div>
        <p className="muted status-message">{t(message)}</p>
        <dl className="facts">
          <div>
            <dt>{t("connect.sessionName")}</dt>
            <dd className="mono">{profile.business_id}</dd>
          </div>
          {s.status === "WORKING" && s.me && (
            <>
              <div>
                <dt>{t("connect.phone")}</dt>
                <dd dir="ltr" data-testid="wa-phone">
                  {s.phone ?? s.me.id}
                </dd>
              </div>
              {s.me.pushName && (
                <div>
                  <dt>{t("connect.account")}</dt>
                  <dd>{s.me.pushName}</dd>
                </div>
              )}
              {s.me.verifiedName && (
                <div>
                  <dt>{t("connect.business")}</dt>
                  <dd>{s.me.verifiedName}</dd>
                </div>
              )}
            </>
          )}
        </dl>

        {s.status === "SCAN_QR_CODE" && (
          <div className="qr-box">
            {s.qrUrl ? (
              <img src={s.qrUrl} alt={t("connect.qrAlt")} width={264} height={264} data-testid="wa-qr" />
            ) : (
              <div className="qr-placeholder" role="status">
                <span className="spinner" aria-hidden="true" /> {t("connect.qrLoading")}
              </div>
            )}
            <p className="small muted">{t("connect.steps")}</p>
          </div>
        )}

        {s.waiting > 0 && (
          <Banner kind="warning" testId="wa-waiting">
            {s.waiting === 1 ? t("connect.waitingOne") : t("connect.waiting", { count: String(s.waiting) })}
          </Banner>
        )}
        {errorText && <Banner kind="error">{errorText}</Banner>}

        <div className="actions">
          {showConnect && (
            <button type="button" className="btn btn-primary btn-block" onClick={s.connect} disabled={s.busy}>
              {t("connect.connectWhatsApp")}
            </button>
          )}
          {(s.status === "FAILED" || s.status === "STOPPED") && (
            <>
              <button type="button" className="btn btn-primary" onClick={s.restart} disabled={s.busy}>
                {t("connect.restart")}
              </button>
              <button type="button" className="btn btn-ghost" onClick={s.cancel} disabled={s.busy}>
                {t("connect.cancel")}
              </button>
            </>
          )}
          {s.status === "SCAN_QR_CODE" && (
            <button type="button" className="btn btn-ghost" onClick={s.cancel} disabled={s.busy}>
              {t("connect.cancel")}
            </button>
          )}
          {s.status === "WORKING" && (
            <button type="button" className="btn btn-danger-ghost" onClick={s.logout} disabled={s.busy}>
              {t("connect.logout")}
            </button>
          )}
          {(s.busy || s.status === "connecting" || s.status === "STARTING") && (
            <div className="row gap-sm muted" role="status" data-testid={s.busy ? "wa-busy" : undefined}>
              <span className="spinner" aria-hidden="true" /> {t("connect.loading")}
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
