// The Insights figures as cards: the period's value, and in words how it
// compares with the period before ("Up from 4", "Same as before").
import { useLang, useT, type MessageKey } from "~/i18n";
import { LOCALES } from "~/services/catalogue/money";
import type { InsightFigures } from "~/services/insights/insights.server";

type Figure = {
  key: string;
  label: MessageKey;
  hint?: MessageKey;
  now: number | null;
  before: number | null;
  show: (v: number) => string;
};

export function FigureList({
  figures,
  money,
}: {
  figures: InsightFigures & { previous: InsightFigures };
  money: (v: number) => string;
}) {
  const t = useT();
  const lang = useLang();
  const percent = (v: number) =>
    new Intl.NumberFormat(LOCALES[lang], { style: "percent", maximumFractionDigits: 0 }).format(v);
  const count = (v: number) => new Intl.NumberFormat(LOCALES[lang]).format(v);
  const p = figures.previous;
  const list: Figure[] = [
    { key: "bookings", label: "insights.fig.bookings", now: figures.bookings, before: p.bookings, show: count },
    {
      key: "revenue-done",
      label: "insights.fig.revenueDone",
      now: figures.revenue.done,
      before: p.revenue.done,
      show: money,
    },
    {
      key: "revenue-expected",
      label: "insights.fig.revenueExpected",
      now: figures.revenue.expected,
      before: p.revenue.expected,
      show: money,
    },
    {
      key: "no-show",
      label: "insights.fig.noShowRate",
      hint: "insights.hint.noShowRate",
      now: figures.no_show_rate,
      before: p.no_show_rate,
      show: percent,
    },
    {
      key: "late-cancel",
      label: "insights.fig.lateCancelRate",
      hint: "insights.hint.lateCancelRate",
      now: figures.late_cancel_rate,
      before: p.late_cancel_rate,
      show: percent,
    },
    {
      key: "confirmation",
      label: "insights.fig.confirmationRate",
      hint: "insights.hint.confirmationRate",
      now: figures.confirmation_rate,
      before: p.confirmation_rate,
      show: percent,
    },
    {
      key: "rebooking",
      label: "insights.fig.rebookingRate",
      hint: "insights.hint.rebookingRate",
      now: figures.rebooking_rate,
      before: p.rebooking_rate,
      show: percent,
    },
    {
      key: "new-clients",
      label: "insights.fig.newClients",
      now: figures.new_clients,
      before: p.new_clients,
      show: count,
    },
    {
      key: "returning-clients",
      label: "insights.fig.returningClients",
      now: figures.returning_clients,
      before: p.returning_clients,
      show: count,
    },
    {
      key: "from-chats",
      label: "insights.fig.fromChats",
      hint: "insights.hint.fromChats",
      now: figures.from_chats,
      before: p.from_chats,
      show: count,
    },
    {
      key: "messages-sent",
      label: "insights.fig.messagesSent",
      now: figures.messages.sent,
      before: p.messages.sent,
      show: count,
    },
    {
      key: "messages-refused",
      label: "insights.fig.messagesRefused",
      now: figures.messages.refused,
      before: p.messages.refused,
      show: count,
    },
  ];
  const change = (f: Figure) => {
    const before = f.before === null ? t("insights.noData") : f.show(f.before);
    if (f.now === null || f.before === null) return t("insights.before", { value: before });
    if (f.now === f.before) return t("insights.same");
    return t(f.now > f.before ? "insights.up" : "insights.down", { value: before });
  };
  return (
    <dl className="figures" aria-label={t("insights.figures")}>
      {list.map((f) => (
        <div key={f.key} className="card figure" data-testid={`figure-${f.key}`}>
          <dt>{t(f.label)}</dt>
          <dd className="figure-value">{f.now === null ? t("insights.noData") : f.show(f.now)}</dd>
          <dd className="figure-change small">{change(f)}</dd>
          {f.hint && <dd className="figure-hint small muted">{t(f.hint)}</dd>}
        </div>
      ))}
    </dl>
  );
}
