// Response headers on everything the Worker answers: the Content-Security-
// Policy on pages, framing and sniffing protection, HSTS on https, and no
// caching of API answers.
import { bytesToBase64 } from "~/utils/base64";

/** A fresh nonce per request for Remix's inline scripts (and FullCalendar's injected <style>). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return bytesToBase64(bytes);
}

/**
 * Scripts only from this origin or carrying this response's nonce. Styles
 * the same way: FullCalendar injects one <style> element and copies the
 * nonce from the page's scripts onto it; React's style props are set through
 * the CSSOM, which CSP does not govern, so no 'unsafe-inline' is needed.
 * Images may be data: (QR codes) or https: (WhatsApp profile pictures).
 */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The web manifest and the service worker (/sw.js) come from this site only.
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function withSecurityHeaders(response: Response, request: Request, env: Env, nonce: string): Response {
  // Responses from fetch() have immutable headers; a copy is always writable.
  const res = new Response(response.body, response);
  const h = res.headers;
  h.set("X-Frame-Options", "DENY");
  h.set("X-Content-Type-Options", "nosniff");
  if (new URL(request.url).protocol === "https:" || env.APP_URL.startsWith("https://")) {
    h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  if ((h.get("Content-Type") ?? "").startsWith("text/html"))
    h.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  else if (!h.has("Content-Security-Policy"))
    h.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  if (new URL(request.url).pathname.startsWith("/api/")) h.set("Cache-Control", "no-store");
  return res;
}
