// "‹ Settings": the way back from a page that opens from a tab (Working hours,
// Team, Insights). The arrow is decoration; the link reads as its words.
import { Link } from "@remix-run/react";

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="back-link small">
      <span aria-hidden="true" className="back-arrow">
        ‹
      </span>{" "}
      {label}
    </Link>
  );
}
