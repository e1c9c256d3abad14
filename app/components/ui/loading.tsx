// The one "loading" line: a spinner and what is on its way, announced as a status.
export function Loading({ label, className = "list-status muted" }: { label: string; className?: string }) {
  return (
    <p className={className} role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}
