// Screens that other people change (customers write, the phone books) are
// re-read when the owner comes back to the app (the tab or the installed app
// becomes visible again) and when the service worker says a notification
// arrived, so a new booking request shows without a reload.
import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useLatest } from "./use-latest";

/** What the service worker posts to open windows when a push arrives (app/pwa/service-worker.js). */
export const PUSH_ARRIVED = "chatbook:push";

export function useFreshOnReturn() {
  const revalidator = useRevalidator();
  const latest = useLatest(revalidator);
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && latest.current.state === "idle") latest.current.revalidate();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type === PUSH_ARRIVED) refresh();
    };
    document.addEventListener("visibilitychange", refresh);
    navigator.serviceWorker?.addEventListener("message", onMessage);
    return () => {
      document.removeEventListener("visibilitychange", refresh);
      navigator.serviceWorker?.removeEventListener("message", onMessage);
    };
  }, [latest]);
}
