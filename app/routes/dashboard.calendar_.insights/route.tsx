// Insights (from the Calendar tab): a period's figures against the period
// before, the busiest days and hours, the top services, and a CSV of it all.
// docs/decisions/072-insights.md defines every figure.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DateRange } from "~/components/form/date-range";
import { BarChart, HeatMap } from "~/components/insights/charts";
import { FigureList } from "~/components/insights/figures";
import { DownloadIcon } from "~/components/ui/icons";
import { Banner } from "~/components/form/banner";
import { Loading } from "~/components/ui/loading";
import { dirOf, pageTitle, useLang, useT, type MessageKey } from "~/i18n";
import { requireUser } from "~/security/signed-in.server";
import { formatPrice, LOCALES } from "~/services/catalogue/money";
import { weekdayName, type PeriodKind } from "~/services/insights/periods";
import styles from "~/styles/insights.css?url";
import hoursStyles from "~/styles/hours.css?url";
import { insightsScreen } from "./screen.server";
import { BackLink } from "~/components/ui/back-link";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: hoursStyles },
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "insights.title")];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { business } = await requireUser(request, context);
  return await insightsScreen(context.cloudflare.env.DB, business, new URL(request.url).searchParams, Date.now());
}

const KINDS: PeriodKind[] = ["week", "month", "last-month", "custom"];

export default function InsightsPage() {
  const t = useT();
  const lang = useLang();
  const rtl = dirOf(lang) === "rtl";
  const screen = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/dashboard/calendar/insights";
  const [custom, setCustom] = useState(screen.custom);
  const [customOf, setCustomOf] = useState(screen);
  if (customOf !== screen) {
    setCustomOf(screen);
    setCustom(screen.custom);
  }
  const figures = screen.figures;
  const csvQuery = new URLSearchParams({ period: screen.kind, ...(screen.kind === "custom" ? custom : {}) });
  const money = (v: number) => formatPrice(Math.round(v * 100), figures?.revenue.currency ?? "USD", LOCALES[lang]);
  const firstDay = screen.weekStartsSunday ? 0 : 1;
  const weekdays = Array.from({ length: 7 }, (_, i) => (firstDay + i) % 7);
  const dayName = (d: number, width: "short" | "long") => weekdayName(d, lang, width);
  // "Mar 1, 2026" / "1 במרץ 2026": a date in words reads the same way in either direction.
  const dateFormat = new Intl.DateTimeFormat(LOCALES[lang], {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const day = (date: string) => dateFormat.format(Date.parse(`${date}T00:00:00Z`));

  return (
    <section className="insights stack" aria-labelledby="insights-title">
      <header>
        <BackLink to="/dashboard/calendar" label={t("insights.back")} />
        <div className="row between gap-sm wrap">
          <h1 id="insights-title" className="tab-title">
            {t("insights.title")}
          </h1>
          {figures && (
            <a className="btn btn-ghost btn-sm" href={`/dashboard/calendar/insights.csv?${csvQuery}`} download>
              <DownloadIcon size={18} /> {t("insights.exportCsv")}
            </a>
          )}
        </div>
      </header>

      <nav className="period-picker" aria-label={t("insights.periods")}>
        {KINDS.map((kind) => (
          <Link
            key={kind}
            to={kind === "custom" ? `?${new URLSearchParams({ period: kind, ...screen.custom })}` : `?period=${kind}`}
            aria-current={screen.kind === kind ? "page" : undefined}
            replace
            preventScrollReset
          >
            {t(`insights.period.${kind}` as MessageKey)}
          </Link>
        ))}
      </nav>

      {screen.kind === "custom" && (
        <Form method="get" className="card custom-period" replace preventScrollReset>
          <input type="hidden" name="period" value="custom" />
          <DateRange
            idPrefix="insights"
            value={custom}
            labels={{ from: t("insights.from"), to: t("insights.to") }}
            onChange={setCustom}
          />
          <input type="hidden" name="from" value={custom.from} />
          <input type="hidden" name="to" value={custom.to} />
          <button type="submit" className="btn btn-primary btn-sm">
            {t("insights.show")}
          </button>
        </Form>
      )}

      {screen.problem && <Banner kind="error">{t(screen.problem.key, screen.problem.params)}</Banner>}

      {figures && (
        <div className="stack" aria-busy={loading}>
          {loading && <Loading label={t("bookings.loading")} />}
          <p className="period-line" data-testid="insights-period">
            <strong>{t("insights.range", { from: day(figures.from), to: day(figures.to) })}</strong>
            <span className="muted small">
              {t("insights.versus", { from: day(figures.previous.from), to: day(figures.previous.to) })}
            </span>
          </p>
          <FigureList figures={figures} money={money} />
          <HeatMap
            id="busiest"
            cells={figures.busiest}
            weekdays={weekdays}
            open={screen.openHours}
            dayName={dayName}
            rtl={rtl}
          />
          <div className="chart-pair">
            <BarChart
              id="by-revenue"
              title={t("insights.byRevenue")}
              rtl={rtl}
              columns={[t("insights.col.service"), t("insights.col.revenue")]}
              bars={[...figures.services]
                .sort((a, b) => b.revenue - a.revenue)
                .slice(0, 6)
                .map((s) => ({ label: s.service, value: s.revenue, shown: money(s.revenue) }))}
            />
            <BarChart
              id="by-count"
              title={t("insights.byCount")}
              rtl={rtl}
              columns={[t("insights.col.service"), t("insights.col.bookings")]}
              bars={[...figures.services]
                .sort((a, b) => b.count - a.count)
                .slice(0, 6)
                .map((s) => ({ label: s.service, value: s.count, shown: String(s.count) }))}
            />
          </div>
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary tab={{ title: "insights.title", failed: "access.error.tabFailed" }} />;
}
