// The one inline alert: red for a problem, green for a success, blue for a note,
// amber for a warning; screen readers announce it when it appears.
import type { ReactNode } from "react";

/** A red (or green/blue/amber) banner that screen readers announce when it appears. */
export function Banner({
  kind,
  children,
  testId,
}: {
  kind: "error" | "success" | "info" | "warning";
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`alert alert-${kind}`} role={kind === "error" ? "alert" : "status"} data-testid={testId}>
      {children}
    </div>
  );
}
