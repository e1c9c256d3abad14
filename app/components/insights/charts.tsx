// The Insights charts: small SVG pictures of our own (no chart library: two
// charts did not need one, and the screen keeps its JavaScript budget). Each
// is a <figure> whose picture has an accessible name that says what it
// shows, and a table view of the same numbers. Right-to-left, the pictures
// are mirrored: bars grow from the right, hours run from right to left.
import type { ReactNode } from "react";
import { useT } from "~/i18n";

/** A chart with its name (the caption), the picture, and its numbers as a table under "Show as a table". */
function ChartFigure({
  id,
  title,
  summary,
  children,
  table,
}: {
  id: string;
  title: string;
  summary: string;
  children: ReactNode;
  table: ReactNode;
}) {
  const t = useT();
  return (
    <figure className="card chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="chart-title">
        {title}
      </figcaption>
      <p className="muted small chart-summary">{summary}</p>
      {children}
      <details className="chart-table">
        <summary>{t("insights.tableView")}</summary>
        {table}
      </details>
    </figure>
  );
}

export type Bar = { label: string; value: number; shown: string };

const BAR_W = 320;
const ROW_H = 44;

/** Horizontal bars, longest first: each row's label above its bar, the value at the bar's end. */
export function BarChart({
  id,
  title,
  bars,
  rtl,
  columns,
}: {
  id: string;
  title: string;
  bars: Bar[];
  rtl: boolean;
  columns: [string, string];
}) {
  const t = useT();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const room = BAR_W - 70; // the value's text after the longest bar
  // Mirrored right-to-left: x from the right edge.
  const x = (v: number) => (rtl ? BAR_W - v : v);
  const summary = bars.length
    ? t("insights.topSummary", { name: bars[0].label, value: bars[0].shown })
    : t("insights.noBookings");
  return (
    <ChartFigure
      id={id}
      title={title}
      summary={summary}
      table={
        <table className="chart-data">
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.label}>
                <th scope="row">{b.label}</th>
                <td>{b.shown}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      {bars.length > 0 && (
        <svg
          className="chart-svg"
          viewBox={`0 0 ${BAR_W} ${bars.length * ROW_H}`}
          role="img"
          aria-label={`${title}. ${summary}`}
          direction={rtl ? "rtl" : "ltr"}
        >
          {bars.map((b, i) => {
            const w = Math.max(2, (b.value / max) * room);
            const y = i * ROW_H;
            return (
              <g key={b.label}>
                <text x={x(0)} y={y + 15} className="chart-label" textAnchor="start">
                  {b.label}
                </text>
                <rect x={rtl ? BAR_W - w : 0} y={y + 22} width={w} height={14} rx={3} className="chart-bar" />
                <text x={x(w + 6)} y={y + 34} className="chart-value" textAnchor="start">
                  {b.shown}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </ChartFigure>
  );
}

export type HeatCell = { weekday: number; hour: number; count: number };

const CELL = 26;
const LABEL_W = 44;
const HEAD_H = 18;

/**
 * Bookings by weekday (rows, in the salon's week order) and start hour
 * (columns): the darker the cell, the more bookings. The hours shown are the
 * salon's opening hours, widened to any booking outside them.
 */
export function HeatMap({
  id,
  cells,
  weekdays,
  open,
  dayName,
  rtl,
}: {
  id: string;
  cells: HeatCell[];
  weekdays: number[];
  /** The salon's first and last open hour: shown even when empty. */
  open: [number, number];
  dayName: (d: number, width: "short" | "long") => string;
  rtl: boolean;
}) {
  const t = useT();
  const title = t("insights.busiest");
  const top = cells[0];
  const summary = top
    ? t("insights.busiestSummary", { day: dayName(top.weekday, "long"), hour: pad(top.hour), count: top.count })
    : t("insights.noBookings");
  const hours = cells.length
    ? range(Math.min(open[0], ...cells.map((c) => c.hour)), Math.max(open[1], ...cells.map((c) => c.hour)))
    : [];
  const max = Math.max(1, ...cells.map((c) => c.count));
  const count = new Map(cells.map((c) => [`${c.weekday} ${c.hour}`, c.count]));
  const width = LABEL_W + hours.length * CELL;
  const x = (left: number, w: number) => (rtl ? width - left - w : left);
  return (
    <ChartFigure
      id={id}
      title={title}
      summary={top ? `${summary} ${t("insights.busiestLegend")}` : summary}
      table={
        <table className="chart-data">
          <thead>
            <tr>
              <th scope="col">{t("insights.col.day")}</th>
              <th scope="col">{t("insights.col.hour")}</th>
              <th scope="col">{t("insights.col.bookings")}</th>
            </tr>
          </thead>
          <tbody>
            {cells.map((c) => (
              <tr key={`${c.weekday} ${c.hour}`}>
                <th scope="row">{dayName(c.weekday, "long")}</th>
                <td>{pad(c.hour)}:00</td>
                <td>{c.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      {hours.length > 0 && (
        <div className="chart-scroll">
          <svg
            className="chart-svg heat"
            viewBox={`0 0 ${width} ${HEAD_H + weekdays.length * CELL}`}
            style={{ maxWidth: `${width * 1.5}px` }}
            role="img"
            aria-label={`${title}. ${summary}`}
            direction={rtl ? "rtl" : "ltr"}
          >
            {hours.map((h, i) => (
              <text
                key={h}
                x={x(LABEL_W + i * CELL, CELL) + CELL / 2}
                y={12}
                className="chart-axis"
                textAnchor="middle"
              >
                {h}
              </text>
            ))}
            {weekdays.map((d, row) => (
              <g key={d}>
                <text x={rtl ? width : 0} y={HEAD_H + row * CELL + 17} className="chart-axis" textAnchor="start">
                  {dayName(d, "short")}
                </text>
                {hours.map((h, i) => {
                  const n = count.get(`${d} ${h}`) ?? 0;
                  // Four shades (a quarter of the busiest each): the count on the cell keeps 4.5:1 on every one.
                  const level = Math.ceil((n / max) * 4) / 4;
                  return (
                    <g key={h}>
                      <rect
                        x={x(LABEL_W + i * CELL, CELL) + 1}
                        y={HEAD_H + row * CELL + 1}
                        width={CELL - 2}
                        height={CELL - 2}
                        rx={4}
                        className={n ? "heat-cell" : "heat-empty"}
                        fillOpacity={n ? level : 1}
                      />
                      {n > 0 && (
                        <text
                          x={x(LABEL_W + i * CELL, CELL) + CELL / 2}
                          y={HEAD_H + row * CELL + 17}
                          textAnchor="middle"
                          className={level === 1 ? "heat-count dark" : "heat-count"}
                        >
                          {n}
                        </text>
                      )}
                    </g>
                  );
                })}
              </g>
            ))}
          </svg>
        </div>
      )}
    </ChartFigure>
  );
}

const pad = (n: number) => String(n).padStart(2, "0");
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
