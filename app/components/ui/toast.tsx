// The one toast: a short message at the top of the screen or just above the
// tab bar, gone after its screen's duration (the spec's: rules 4 s; sync
// 2000 ms for success, 2500 ms for errors). Styles: styles/toast.css.
//
//   const { toast, show, hide } = useToast();
//   show("error", t("sync.saveFailed"));
//   <Toast toast={toast} onHide={hide} duration={{ success: 2000, error: 2500 }} placement="bottom" testId="sync-toast" />
import { useCallback, useEffect, useState } from "react";
import { useLatest } from "./use-latest";

type ToastKind = "success" | "error";
export type ToastState = { kind: ToastKind; text: string; id: number };
/** Shows a toast (replacing the one showing). */
export type ShowToast = (kind: ToastKind, text: string) => void;

let counter = 0;

export function useToast() {
  const [toast, setToast] = useState<ToastState | null>(null);
  const show = useCallback<ShowToast>((kind, text) => setToast({ kind, text, id: ++counter }), []);
  const hide = useCallback(() => setToast(null), []);
  return { toast, show, hide };
}

type Props = {
  toast: ToastState | null;
  onHide: () => void;
  /** Milliseconds on screen: one for both kinds, or one per kind. */
  duration: number | Record<ToastKind, number>;
  placement: "top" | "bottom";
  testId?: string;
};

export function Toast({ toast, onHide, duration, placement, testId }: Props) {
  const hide = useLatest(onHide);
  const ms = toast ? (typeof duration === "number" ? duration : duration[toast.kind]) : 0;

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => hide.current(), ms);
    return () => clearTimeout(timer);
  }, [toast, ms, hide]);

  return (
    <div className={`toast-region toast-${placement}`} aria-live="polite" aria-atomic="true">
      {toast && (
        <div
          key={toast.id}
          className={`toast toast-${toast.kind}`}
          role={toast.kind === "error" ? "alert" : "status"}
          data-testid={testId}
        >
          {toast.text}
        </div>
      )}
    </div>
  );
}
