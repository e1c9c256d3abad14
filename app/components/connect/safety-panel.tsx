// The Connect tab's "Keep your number safe" card: one switch that pauses every
// automatic message, the number's last 7 days as WhatsApp reported them, and a
// warning that suggests pausing when refusals or opt-outs rise.
import { useFetcher } from "@remix-run/react";
import { useT } from "~/i18n";
import { Banner } from "~/components/form/banner";
import { Switch } from "~/components/ui/switch";
import { Toast, useToast } from "~/components/ui/toast";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import type { PauseAnswer, SafetyView } from "~/routes/dashboard._index/safety.server";

const ACTION = "/dashboard?index";

export function SafetyPanel({ safety }: { safety: SafetyView }) {
  const t = useT();
  const { toast, show, hide } = useToast();
  const pause = useFetcher<PauseAnswer>();
  const sent = pause.formData?.get("paused");
  const paused = sent ? sent === "on" : safety.paused;
  useFetcherResult(pause, {
    ok: (answer) => show("success", t(answer.paused ? "safety.pause.paused" : "safety.pause.resumed")),
    problem: (p) => show("error", t(p.key, p.params)),
  });
  const setPaused = (on: boolean) =>
    pause.submit({ intent: "pause", paused: on ? "on" : "off" }, { method: "post", action: ACTION });
  const h = safety.health;
  const figures = [
    ["safety.health.sent", h.sent, "sent"],
    ["safety.health.delivered", h.delivered, "delivered"],
    ["safety.health.read", h.read, "read"],
    ["safety.health.refused", h.refused, "refused"],
    ["safety.health.optedOut", h.opted_out, "opted-out"],
    ["safety.health.manual", h.manual_clients, "manual"],
  ] as const;

  return (
    <section className="card safety-card stack" aria-labelledby="safety-title" data-testid="safety-card">
      <Toast toast={toast} onHide={hide} duration={3000} placement="top" testId="safety-toast" />
      <h2 id="safety-title" className="h3">
        {t("safety.title")}
      </h2>
      <p className="muted small">{t("safety.intro")}</p>
      {h.warning && !paused && (
        <Banner kind="error" className="safety-warning" testId="safety-warning">
          <p>
            {t(h.warning === "refusals" ? "safety.warn.refusals" : "safety.warn.optOuts", {
              n: h.warning === "refusals" ? h.refused_today : h.opted_out_today,
            })}
          </p>
          <button
            type="button"
            className="btn btn-danger btn-sm"
            onClick={() => setPaused(true)}
            disabled={pause.state !== "idle"}
          >
            {t("safety.warn.pause")}
          </button>
        </Banner>
      )}
      <Switch
        id="pause-switch"
        label={t("safety.pause.label")}
        hint={t("safety.pause.hint")}
        checked={paused}
        onChange={setPaused}
        busy={pause.state !== "idle"}
        testId="pause-switch"
      />
      <h3 className="h3 safety-subtitle">{t("safety.health.title")}</h3>
      <dl className="safety-figures" data-testid="safety-health">
        {figures.map(([key, n, id]) => (
          <div
            key={id}
            className={`safety-figure${(id === "refused" || id === "opted-out") && n > 0 ? " is-bad" : ""}`}
            data-testid={`health-${id}`}
          >
            <dt>{t(key)}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      <p className="muted small" data-testid="safety-budget">
        {t("safety.health.budget", { used: safety.used, budget: safety.budget })}
      </p>
    </section>
  );
}
