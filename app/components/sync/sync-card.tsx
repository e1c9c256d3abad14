// The shell of a card on the Sync tab (a booking request, a drafted reply, a
// freed slot): a list item named by its heading, busy while its answer is on
// the way, and, when a notification's link names it (?proposal=, ?draft=,
// ?opening=), scrolled into view and focused.
import { useEffect, useRef, type ReactNode } from "react";

type Props = {
  id: string;
  /** The card's kind as a class beside "proposal-card" (their shared look), e.g. "draft-card". */
  kind?: string;
  targeted: boolean;
  busy: boolean;
  labelledBy: string;
  testId: string;
  children: ReactNode;
};

export function SyncCard({ id, kind, targeted, busy, labelledBy, testId, children }: Props) {
  const card = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!targeted || !card.current) return;
    card.current.scrollIntoView({ block: "center" });
    card.current.focus({ preventScroll: true });
  }, [targeted]);
  return (
    <li
      ref={card}
      id={id}
      tabIndex={-1}
      className={["proposal-card", kind, targeted && "is-target"].filter(Boolean).join(" ")}
      aria-labelledby={labelledBy}
      aria-busy={busy}
      data-testid={testId}
    >
      {children}
    </li>
  );
}
