// GET /sw.js: the service worker (app/pwa/service-worker.js) with this
// build's version and the offline page in English and Hebrew. Served by the
// Worker, not as a static file, so every deploy changes its bytes and the
// browser installs the new one (which drops the old build's cache).
import source from "~/pwa/service-worker.js?raw";
import { dirOf, languages, type Lang } from "~/i18n";
import { translator } from "~/i18n/messages.server";

declare const __BUILD_ID__: string;
const BUILD_ID = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "dev";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function offlineHtml(): string {
  const part = (lang: Lang) => {
    const t = translator(lang);
    return `<section lang="${lang}" dir="${dirOf(lang)}"><h1>${escapeHtml(t("push.offline.title"))}</h1><p>${escapeHtml(t("push.offline.body"))}</p><p><a href="">${escapeHtml(t("push.offline.retry"))}</a></p></section>`;
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#0f766e"><title>Chatbook</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1.25rem;line-height:1.5;color:#1f2937;background:#f6f8f7}h1{font-size:1.35rem}section+section{border-top:1px solid #e2e8f0;margin-top:1.5rem;padding-top:1rem}a{color:#0f766e;font-weight:600}</style></head>
<body><main data-testid="offline-page">${languages.map(part).join("")}</main></body></html>`;
}

export async function loader() {
  const body = source
    .replace('"__VERSION__"', JSON.stringify(BUILD_ID))
    .replace('"__OFFLINE_HTML__"', JSON.stringify(offlineHtml()));
  return new Response(body, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      // The browser checks for a new worker on every visit, never from a stale copy.
      "Cache-Control": "no-cache",
      // The worker may fetch this site only (its own requests follow this policy, not the page's).
      "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'",
    },
  });
}
