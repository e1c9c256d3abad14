// The JSON API's router. /api/* is answered here, ahead of Remix: the API has
// no screens, so Remix's document and data machinery (and matching all of its
// routes several times per request) would only cost every request time.
//
// A module answers one path with a `loader` (GET and HEAD) and an `action`
// (every other method), the shape of a Remix resource route. A method the
// module has no handler for is a 405. Whatever a handler throws is answered
// here: a Response as it is, an AppError as its status and the English text of
// its key, anything else logged and answered as a 500 without internals.
import { AppError } from "~/utils/problem";
import { apiError, apiProblem, methodNotAllowed } from "~/utils/http.server";

type ApiArgs = {
  request: Request;
  /** The path's `:name` segments, decoded. */
  params: Record<string, string>;
  env: Env;
  ctx: ExecutionContext;
};
export type ApiHandler = (args: ApiArgs) => Promise<Response> | Response;
export type ApiModule = { loader?: ApiHandler; action?: ApiHandler };

type Route = { segments: string[]; module: ApiModule };

export const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

const segmentsOf = (pathname: string) => pathname.split("/").filter(Boolean);
const isParam = (segment: string) => segment.startsWith(":");

/**
 * Routes with fewer `:name` segments, and those earlier in the path, come
 * first: /api/sessions/x/start is `sessions/:id/start`, never `:id/auth/qr`.
 */
function bySpecificity(a: Route, b: Route): number {
  const key = (r: Route) => r.segments.map((s) => (isParam(s) ? "1" : "0")).join("");
  return key(a).localeCompare(key(b));
}

function matchRoute(route: Route, segments: string[]): Record<string, string> | null {
  if (route.segments.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, pattern] of route.segments.entries()) {
    if (!isParam(pattern)) {
      if (pattern !== segments[i]) return null;
      continue;
    }
    try {
      params[pattern.slice(1)] = decodeURIComponent(segments[i]);
    } catch {
      return null; // A malformed escape matches nothing: a 404, not a 500.
    }
  }
  return params;
}

export function apiRouter(table: Record<string, ApiModule>) {
  const routes = Object.entries(table)
    .map(([path, module]) => ({ segments: segmentsOf(path), module }))
    .sort(bySpecificity);

  return async function handleApiRequest(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const segments = segmentsOf(new URL(request.url).pathname);
    for (const route of routes) {
      const params = matchRoute(route, segments);
      if (!params) continue;
      const isRead = request.method === "GET" || request.method === "HEAD";
      const handler = isRead ? route.module.loader : route.module.action;
      if (!handler) return methodNotAllowed();
      const response = await answer(handler, { request, params, env, ctx });
      return request.method === "HEAD" ? new Response(null, response) : response;
    }
    return apiError(404, "guard.notFound");
  };
}

async function answer(handler: ApiHandler, args: ApiArgs): Promise<Response> {
  try {
    return await handler(args);
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof AppError) return apiProblem(error.status, error.problem);
    console.error(error);
    return apiError(500, "problem.unexpected");
  }
}
