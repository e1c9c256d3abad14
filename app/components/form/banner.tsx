// The one inline alert: red for a problem, green for a success, blue for a note,
// amber for a warning; screen readers announce it when it appears.
import type { ReactNode } from "react";

/** A red (or green/blue/amber) banner that screen readers announce when it appears. */
export function Banner({
  kind,
  children,
  testId,
  id,
  className,
}: {
  kind: "error" | "success" | "info" | "warning";
  children: ReactNode;
  testId?: string;
  /** For a form that points at it (aria-describedby). */
  id?: string;
  /** A screen's own class beside the banner's (its layout inside). */
  className?: string;
}) {
  return (
    <div
      id={id}
      className={`alert alert-${kind}${className ? ` ${className}` : ""}`}
      role={kind === "error" ? "alert" : "status"}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
