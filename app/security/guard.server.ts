// Checks every request before Remix sees it: a misconfigured public deploy,
// development routes, cross-site posts, oversized or non-form bodies. Then
// adds the security headers to whatever is answered.
import { langFromRequest, dirOf, type MessageKey } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import { cookieName } from "~/services/auth/session.server";
import { apiError, MAX_BODY_BYTES } from "~/utils/http.server";
import { isDevelopmentRequest, isLocalHost, configIsDevelopment, productionProblems } from "./config.server";
import { newNonce, withSecurityHeaders } from "./headers.server";
import { MAX_IMPORT_BYTES, MAX_IMPORT_UPLOAD_BYTES } from "~/services/clients/import.server";

/** A screen form or an API call may send MAX_BODY_BYTES (64 KB); the webhook gets more room for message events. */
const MAX_WEBHOOK_BYTES = 256 * 1024;
/** Client imports carry a whole file (plus a multipart envelope on the Clients screen, whose fetcher posts to the route's `.data` address). */
const IMPORT_PATHS = new Set(["/api/import/clients", "/dashboard/clients/import", "/dashboard/clients/import.data"]);
const MAX_IMPORT_BODY_BYTES = MAX_IMPORT_BYTES + 16 * 1024;

function bodyLimit(path: string): number {
  if (path === "/api/webhook") return MAX_WEBHOOK_BYTES;
  // The API takes a phone's whole contacts file; its photos are left out as it is read (the screen leaves them out in the browser).
  if (path === "/api/import/clients") return MAX_IMPORT_UPLOAD_BYTES;
  return IMPORT_PATHS.has(path) ? MAX_IMPORT_BODY_BYTES : MAX_BODY_BYTES;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

type Handler = (request: Request, nonce: string) => Promise<Response>;

export async function guarded(request: Request, env: Env, handle: Handler): Promise<Response> {
  const nonce = newNonce();
  let response: Response;
  try {
    response = (await check(request, env, nonce)) ?? (await handle(await bodyChecked(request, nonce), nonce));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  return withSecurityHeaders(response, request, env, nonce);
}

async function check(request: Request, env: Env, nonce: string): Promise<Response | null> {
  const url = new URL(request.url);
  if (!isLocalHost(url.hostname)) {
    const problems = productionProblems(env);
    if (problems.length) {
      console.error(`Chatbook refuses requests until its configuration is fixed:\n- ${problems.join("\n- ")}`);
      return refusal(request, 503, "guard.notConfigured", nonce);
    }
  }
  // /__dev/outbox, /__scheduled and anything else under /__: development only.
  if (url.pathname.startsWith("/__") && !isDevelopmentRequest(request, env)) return notFound(request);
  if (SAFE_METHODS.has(request.method)) return null;
  if (crossSite(request, env)) return refusal(request, 403, "guard.crossSite", nonce);
  return null;
}

/**
 * A post from a browser session must come from our own pages. Screens are
 * checked even without a session cookie (a forged login is an attack too);
 * the API only when the session cookie is what would authenticate it. A
 * request with neither Origin nor Referer is not from a browser form.
 */
function crossSite(request: Request, env: Env): boolean {
  const path = new URL(request.url).pathname;
  if (path === "/api/webhook") return false;
  // Only an API call that carries a bearer token is not cookie-authenticated (a screen never reads the header).
  if (path.startsWith("/api/") && /^Bearer\s+\S+$/i.test(request.headers.get("Authorization") ?? "")) return false;
  if (path.startsWith("/api/") && !hasSessionCookie(request, env)) return false;
  const origin = request.headers.get("Origin") ?? refererOrigin(request.headers.get("Referer"));
  if (origin === undefined) return false;
  return !allowedOrigins(request, env).includes(origin);
}

function refererOrigin(referer: string | null): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

function allowedOrigins(request: Request, env: Env): string[] {
  const allowed = [new URL(env.APP_URL).origin];
  // Locally the same server is reached as localhost and as 127.0.0.1.
  const own = new URL(request.url);
  if (configIsDevelopment(env) && isLocalHost(own.hostname)) allowed.push(own.origin);
  return allowed;
}

function hasSessionCookie(request: Request, env: Env): boolean {
  const name = cookieName(env);
  return (request.headers.get("Cookie") ?? "").split(/;\s*/).some((c) => c.startsWith(`${name}=`));
}

/**
 * Reads an unsafe request's body up to the limit and no further: a larger
 * body is refused with 413 as soon as the count passes the limit (or at once
 * from Content-Length). A screen accepts only form bodies that parse.
 */
async function bodyChecked(request: Request, nonce: string): Promise<Request> {
  if (SAFE_METHODS.has(request.method)) return request;
  const path = new URL(request.url).pathname;
  const isApi = path.startsWith("/api/");
  const limit = bodyLimit(path);
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) throw refusal(request, 413, "guard.tooLarge", nonce);
  const bytes = await readUpTo(request, limit);
  if (!bytes) throw refusal(request, 413, "guard.tooLarge", nonce);
  const next = new Request(request, { body: request.body ? bytes : null });
  if (isApi) return next;

  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  // An empty post (a bare logout button, say) is an empty form.
  if (!type && bytes.byteLength === 0) {
    const headers = new Headers(request.headers);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    return new Request(next, { headers, body: "" });
  }
  if (!FORM_TYPES.some((t) => type.startsWith(t))) throw refusal(request, 415, "guard.notForm", nonce);
  try {
    await next.clone().formData();
  } catch {
    throw refusal(request, 400, "guard.notForm", nonce);
  }
  return next;
}

/** The whole body when it is at most `limit` bytes; null as soon as it is more. */
async function readUpTo(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}

function notFound(request: Request): Response {
  if (new URL(request.url).pathname.startsWith("/api/")) return apiError(404, "guard.notFound");
  const text = translator(langFromRequest(request))("guard.notFound");
  return new Response(text, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

type GuardPage = "guard.crossSite" | "guard.notForm" | "guard.tooLarge" | "guard.notConfigured";

/** The API's own wording of each refusal (its English, from the same dictionary). */
const API_MESSAGES: Record<GuardPage, MessageKey> = {
  "guard.crossSite": "guard.api.crossSite",
  "guard.notForm": "guard.api.notForm",
  "guard.tooLarge": "problem.bodyTooLarge",
  "guard.notConfigured": "guard.api.notConfigured",
};

/** The API gets its JSON error shape; a screen gets a short page in the owner's language. */
function refusal(request: Request, status: number, page: GuardPage, nonce: string): Response {
  const lang = langFromRequest(request);
  const t = translator(lang);
  const title = t(`${page}.title` as MessageKey);
  const body = t(`${page}.body` as MessageKey);
  if (new URL(request.url).pathname.startsWith("/api/")) return apiError(status, API_MESSAGES[page]);
  const html = `<!doctype html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Chatbook</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1.25rem;line-height:1.5;color:#1f2937}h1{font-size:1.35rem}a{color:#0f766e;font-weight:600}</style></head>
<body><main data-testid="guard-page"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>
<p><a href="/">${escapeHtml(t("guard.home"))}</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
