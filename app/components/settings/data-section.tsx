// Settings: the owner's data. Export everything, and the private calendar
// address to subscribe to (shown once when made: only its hash is kept),
// made only after the password (or, without one, a fresh Google sign-in).
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useT } from "~/i18n";
import type { DataAnswer } from "~/routes/dashboard.settings_.data";
import { DownloadIcon } from "~/components/ui/icons";
import { Field, ProblemBanner } from "~/components/form/fields";

export function DataSection({ hasFeed, hasPassword = true }: { hasFeed: boolean; hasPassword?: boolean }) {
  const t = useT();
  const fetcher = useFetcher<DataAnswer>();
  const [copied, setCopied] = useState(false);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const url = answer?.intent === "feed-create" && answer.ok ? answer.url : null;
  const refused = answer?.intent === "feed-create" && !answer.ok ? answer.problem : null;
  const active = url !== null || (hasFeed && answer?.intent !== "feed-revoke");
  const [password, setPassword] = useState("");
  const post = (intent: string, fields: Record<string, string> = {}) =>
    fetcher.submit({ intent, ...fields }, { method: "post", action: "/dashboard/settings/data" });

  return (
    <section className="card" aria-labelledby="data-title">
      <h2 id="data-title">{t("data.title")}</h2>
      <p className="muted small">{t("data.exportHelp")}</p>
      <a className="btn btn-ghost btn-sm" href="/api/export/all.json" download>
        <DownloadIcon size={18} /> {t("data.exportAll")}
      </a>

      <h3 className="h3 data-subtitle">{t("feed.title")}</h3>
      <p className="muted small" id="feed-help">
        {t("feed.help")}
      </p>
      {url && (
        <Field id="feed-url" label={t("feed.address")}>
          <input
            id="feed-url"
            value={url}
            readOnly
            dir="ltr"
            onFocus={(e) => e.currentTarget.select()}
            aria-describedby="feed-once"
            data-testid="feed-url"
          />
          <span id="feed-once" className="small muted">
            {t("feed.once")}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
          >
            {copied ? t("feed.copied") : t("feed.copy")}
          </button>
        </Field>
      )}
      {!url && active && (
        <p className="small" role="status">
          {t("feed.active")}
        </p>
      )}
      {hasPassword && (
        <Field id="feed-password" label={t("access.feed.password")}>
          <input
            id="feed-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-testid="feed-password"
          />
        </Field>
      )}
      <ProblemBanner problem={refused} testId="feed-error" />
      {refused?.key === "access.confirm.googleAgain" && (
        <a className="btn btn-ghost btn-sm" href="/api/auth/google?redirectTo=%2Fdashboard%2Fsettings%23data-title">
          {t("access.confirm.googleButton")}
        </a>
      )}
      <div className="row gap-sm wrap">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => {
            post("feed-create", hasPassword ? { password } : {});
            setPassword("");
          }}
          disabled={busy}
          aria-describedby="feed-help"
        >
          {active ? t("feed.replace") : t("feed.create")}
        </button>
        {active && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => post("feed-revoke")} disabled={busy}>
            {t("feed.revoke")}
          </button>
        )}
      </div>
    </section>
  );
}
