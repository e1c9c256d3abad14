// The Sync screen's transient toast at the bottom: 2000 ms for success,
// 2500 ms for errors. Announced politely to screen readers.
import { useCallback, useEffect, useRef, useState } from "react";

export type ToastKind = "success" | "error";
type ToastState = { id: number; text: string; kind: ToastKind } | null;
export type Notify = (text: string, kind?: ToastKind) => void;

export const TOAST_MS: Record<ToastKind, number> = { success: 2000, error: 2500 };

export function useToast() {
  const [toast, setToast] = useState<ToastState>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const notify = useCallback<Notify>((text, kind = "success") => {
    clearTimeout(timer.current);
    setToast({ id: Date.now(), text, kind });
    timer.current = setTimeout(() => setToast(null), TOAST_MS[kind]);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { toast, notify };
}

export function Toast({ toast }: { toast: ToastState }) {
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast && (
        <div key={toast.id} className={`toast toast-${toast.kind}`} data-testid="sync-toast">
          {toast.text}
        </div>
      )}
    </div>
  );
}
