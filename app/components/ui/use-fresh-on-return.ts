// Screens that other people change (customers write, the phone books) are
// re-read when the owner comes back to the app (the tab or the installed app
// becomes visible again) and when the service worker says a notification
// arrived, so a new booking request shows without a reload.
import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useLatest } from "./use-latest";

/** What the service worker posts to open windows when a push arrives (app/pwa/service-worker.js). */
const PUSH_ARRIVED = "chatbook:push";

export function useFreshOnReturn() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // A read started while a save is under way would cut off the save's own reload (Remix aborts it).
  const busy = navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const latest = useLatest({ revalidator, busy });
  // A return or a push while a save is under way is kept, and read once the save is done.
  const owed = useRef(false);
  useEffect(() => {
    if (busy || !owed.current) return;
    owed.current = false;
    if (document.visibilityState === "visible") revalidator.revalidate();
  }, [busy, revalidator]);
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== "visible") return;
      if (latest.current.busy) owed.current = true;
      else latest.current.revalidator.revalidate();
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
