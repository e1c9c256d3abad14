// A toast at the top of the screen for 4 seconds (the spec's rules toast).
import { useCallback, useEffect, useRef, useState } from "react";

export const TOAST_MS = 4000;

export type Toast = { kind: "success" | "error"; text: string; key: number };

export function useToast() {
  const [toast, setToast] = useState<Toast | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const show = useCallback((kind: Toast["kind"], text: string) => {
    clearTimeout(timer.current);
    setToast({ kind, text, key: Date.now() });
    timer.current = setTimeout(() => setToast(null), TOAST_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { toast, show };
}

export function ToastView({ toast }: { toast: Toast | null }) {
  return (
    <div className="toast-region" aria-live="polite" aria-atomic="true">
      {toast && (
        <div key={toast.key} className={`toast toast-${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"} data-testid="rules-toast">
          {toast.text}
        </div>
      )}
    </div>
  );
}
