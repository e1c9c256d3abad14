// A dialog: focus moves in and stays in, Escape closes only the topmost one,
// and focus returns to where it was when it closes.
import { useEffect, useId, useRef, type ReactNode } from "react";

const open: string[] = [];

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Props = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Escape and the backdrop do nothing while this is true (e.g. while saving). */
  locked?: boolean;
  className?: string;
  closeLabel: string;
  testId?: string;
  role?: "dialog" | "alertdialog";
  describedBy?: string;
};

export function Modal({ title, onClose, children, footer, locked = false, className = "", closeLabel, testId, role = "dialog", describedBy }: Props) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef({ onClose, locked });
  latest.current = { onClose, locked };

  useEffect(() => {
    open.push(id);
    const previous = document.activeElement as HTMLElement | null;
    const box = ref.current;
    const first = box?.querySelector<HTMLElement>("[data-autofocus]") ?? box?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (open[open.length - 1] !== id) return;
      if (e.key === "Escape") {
        e.preventDefault();
        if (!latest.current.locked) latest.current.onClose();
      } else if (e.key === "Tab" && box) {
        const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (items.length === 0) return;
        const [a, z] = [items[0], items[items.length - 1]];
        if (e.shiftKey && document.activeElement === a) (e.preventDefault(), z.focus());
        else if (!e.shiftKey && document.activeElement === z) (e.preventDefault(), a.focus());
      }
    };
    document.addEventListener("keydown", onKey);
    document.body.classList.add("modal-open");
    return () => {
      document.removeEventListener("keydown", onKey);
      open.splice(open.indexOf(id), 1);
      if (open.length === 0) document.body.classList.remove("modal-open");
      previous?.focus?.();
    };
  }, [id]);

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !locked && onClose()}>
      <div
        ref={ref}
        className={`modal ${className}`}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="modal-head">
          <h2 id={`${id}-title`} className="modal-title">{title}</h2>
          <button type="button" className="icon-btn modal-x" onClick={onClose} disabled={locked} aria-label={closeLabel}>
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-foot">{footer}</div>}
      </div>
    </div>
  );
}
