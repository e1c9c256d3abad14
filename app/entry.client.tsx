import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// A load Remix cancels on purpose (a navigation that lands while a fetcher's
// reload is still running makes that reload stale) can reject a promise inside
// Remix's single-fetch code that nothing awaits. Chrome then reports an
// "Uncaught (in promise) AbortError" that no owner can see or act on. Aborts
// are never errors; every other unhandled rejection is still reported.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// The installable app: the service worker caches the shell and shows push notifications (app/pwa/service-worker.js).
// Remix imports this module dynamically, so the page may have loaded already.
if ("serviceWorker" in navigator) {
  // Fire and forget: a page without a service worker still works, so a failed registration is dropped.
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
