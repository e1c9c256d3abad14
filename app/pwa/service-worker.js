// Chatbook's service worker, served at /sw.js (scope /) by app/routes/sw[.]js.ts,
// which fills in VERSION (one per build) and OFFLINE_HTML (English and Hebrew).
//
// - Built files under /assets/ have hashed names: cache-first, in a cache
//   named by the build, so a new deploy starts a new cache and deletes the old.
// - Pages (navigations): always the network; offline, a page saying so in
//   both languages. Pages and API answers are never cached, so nothing of one
//   owner's data stays on the phone for the next person to see.
// - push: shows the notification; notificationclick opens its page in an
//   open Chatbook window, or a new one.
const VERSION = "__VERSION__";
const OFFLINE_HTML = "__OFFLINE_HTML__";
const CACHE = `chatbook-shell-${VERSION}`;
const SHELL = ["/favicon.svg", "/manifest.webmanifest", "/icons/icon-192.png"];
const ICON = "/icons/icon-192.png";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith("chatbook-") && name !== CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function offlinePage() {
  return new Response(OFFLINE_HTML, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => offlinePage()));
    return;
  }
  if (url.pathname.startsWith("/assets/") || SHELL.includes(url.pathname)) event.respondWith(cacheFirst(request));
  // Anything else (the API, Remix's data requests): the network, untouched.
});

/** Only a path of this site is opened from a notification. */
function pageUrl(value) {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return "/dashboard";
  return value;
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const options = {
    body: data.body || "",
    icon: ICON,
    badge: ICON,
    tag: data.tag || undefined,
    data: { url: pageUrl(data.url) },
  };
  event.waitUntil(
    (async () => {
      // Open Chatbook windows re-read their screen (useFreshOnReturn), so the request is listed at once;
      // told first, so a notification the browser refuses (permission withdrawn since) keeps nothing off the screen.
      const windows = await self.clients.matchAll({ type: "window" });
      for (const client of windows) client.postMessage({ type: "chatbook:push" });
      await self.registration.showNotification(data.title || "Chatbook", options);
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(pageUrl(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(target);
      await open.focus();
      try {
        await open.navigate(target);
      } catch {
        await self.clients.openWindow(target);
      }
    })(),
  );
});
