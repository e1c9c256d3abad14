// Words quoted on a Sync card (a customer's chat line, a drafted reply), under a
// small caption. dir="auto": a Hebrew line reads right on an English screen, and back.
import type { ReactNode } from "react";

type Props = { caption: string; testId: string; className?: string; children: ReactNode };

export function ChatQuote({ caption, testId, className, children }: Props) {
  return (
    <figure className={className ? `row-quote ${className}` : "row-quote"}>
      <figcaption className="muted small">{caption}</figcaption>
      <blockquote dir="auto" data-testid={testId}>
        {children}
      </blockquote>
    </figure>
  );
}
