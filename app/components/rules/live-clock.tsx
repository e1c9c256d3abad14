import { useEffect, useState } from "react";

/** The browser's current time and time zone, ticking every second (rendered after hydration only). */
export function LiveClock({ label, lang }: { label: string; lang: string }) {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!now) return null;
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
