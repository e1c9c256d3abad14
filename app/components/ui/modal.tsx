// The one dialog: a bottom sheet on phones, a centered card on wider screens
// (styles/modal.css). Focus moves in on open (a [data-autofocus] element, else
// the first field, else the first button) and back where it was on close; Tab
// stays inside; Escape and the backdrop close only the topmost dialog, and
// not while `locked` (e.g. while saving).
import { useEffect, useId, useRef, type ReactNode } from "react";
import { CloseIcon } from "./icons";
import { useLatest } from "./use-latest";

type Props = {
  title: ReactNode;
  onClose: () => void;
  /** The close button's accessible name, in the reader's language. */
  closeLabel: string;
  children: ReactNode;
  /** Actions pinned under the scrolling body (e.g. Back / Next). */
  footer?: ReactNode;
  locked?: boolean;
  className?: string;
  testId?: string;
  role?: "dialog" | "alertdialog";
  describedBy?: string;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const FIELD = "input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])";

/** Open dialogs, innermost last: only that one answers Escape and Tab. */
const stack: string[] = [];

export function Modal({
  title,
  onClose,
  closeLabel,
  children,
  footer,
  locked = false,
  className = "",
  testId,
  role = "dialog",
  describedBy,
}: Props) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const latest = useLatest({ onClose, locked });

  useEffect(() => {
    stack.push(id);
    const before = document.activeElement as HTMLElement | null;
    const root = box.current;
    const first =
      root?.querySelector<HTMLElement>("[data-autofocus]") ??
      root?.querySelector<HTMLElement>(FIELD) ??
      root?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? root)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== id) return;
      if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        if (!latest.current.locked) latest.current.onClose();
      } else if (e.key === "Tab" && root) {
        const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (items.length === 0) return;
        const [head, tail] = [items[0], items[items.length - 1]];
        if (e.shiftKey && document.activeElement === head) {
          e.preventDefault();
          tail.focus();
        } else if (!e.shiftKey && document.activeElement === tail) {
          e.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    document.body.classList.add("modal-open");
    return () => {
      document.removeEventListener("keydown", onKey);
      stack.splice(stack.indexOf(id), 1);
      if (stack.length === 0) document.body.classList.remove("modal-open");
      before?.focus?.();
    };
  }, [id, latest]);

  return (
    // A tap outside closes, as Escape does from the keyboard (handled above).
    <div
      className="modal-backdrop"
      role="presentation"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !locked) onClose();
      }}
    >
      <div
        ref={box}
        className={`modal ${className}`.trim()}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="modal-head">
          <h2 id={`${id}-title`} className="modal-title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-btn modal-x"
            onClick={onClose}
            disabled={locked}
            aria-label={closeLabel}
          >
            <CloseIcon size={18} />
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-foot">{footer}</div>}
      </div>
    </div>
  );
}
