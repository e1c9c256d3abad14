import { useSyncExternalStore } from "react";

/** Asks React to read the clock again every second. */
function subscribe(onTick: () => void) {
  const timer = setInterval(onTick, 1000);
  return () => clearInterval(timer);
}
/** The current second (stable within it, as useSyncExternalStore requires); null on the server. */
const thisSecond = () => Math.floor(Date.now() / 1000) * 1000;
const onServer = () => null;

/** The browser's current time and time zone, ticking every second (rendered after hydration only). */
export function LiveClock({ label, lang }: { label: string; lang: string }) {
  const at = useSyncExternalStore(subscribe, thisSecond, onServer);
  if (at === null) return null;
  const now = new Date(at);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const locale = lang === "he" ? "he-IL" : "en-GB";
  return (
    <p className="live-clock" data-testid="live-clock">
      <span className="muted">{label}</span>{" "}
      <time dateTime={now.toISOString()} dir="ltr">
        {now.toLocaleDateString("en-GB")} {now.toLocaleTimeString(locale, { hour12: false })}
      </time>{" "}
      <span className="muted">({zone})</span>
    </p>
  );
}
