// A booking request's client in one short line, so the owner sees it before
// accepting: "3 visits · 1 no-show · 1 late cancellation", or "New client"
// for a number the salon has no visits, no-shows or late cancellations for.
import { useT } from "~/i18n";
import { rhythmWords } from "~/components/clients/rhythm";

/** A client's record with the salon (GET /api/clients' fields of the same names). */
export type Reliability = { visits: number; no_shows: number; late_cancels: number };

export function ReliabilityLine({ record }: { record: Reliability | null }) {
  const t = useT();
  const r = record ?? { visits: 0, no_shows: 0, late_cancels: 0 };
  const words = rhythmWords(t, { usual_interval_days: null, no_shows: r.no_shows, late_cancels: r.late_cancels });
  if (r.visits > 0)
    words.unshift(r.visits === 1 ? t("clients.rhythm.visit") : t("clients.rhythm.visits", { n: r.visits }));
  const missed = r.no_shows > 0 || r.late_cancels > 0;
  return (
    <p
      className={missed ? "proposal-record small is-missed" : "proposal-record muted small"}
      data-testid="proposal-record"
    >
      {words.length ? words.join(" · ") : t("clients.rhythm.newClient")}
    </p>
  );
}
