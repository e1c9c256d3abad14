// A request that never reached the server (the connection dropped) throws a
// TypeError out of Remix's serverAction/serverLoader; an answer the server
// gave (a redirect to sign in, an HTTP error) throws a Response or a route
// error response. Screens whose spec has words for a lost request catch the
// first in their clientAction or clientLoader and let the second through.
//
//   try {
//     return await serverAction<typeof action>();
//   } catch (error) {
//     if (isNavigationOrHttp(error)) throw error;
//     return Response.json(failed, { status: 503 });
//   }
import { isRouteErrorResponse } from "@remix-run/react";

/** An answer the server gave: a redirect or an HTTP error, never a lost request. */
export const isNavigationOrHttp = (error: unknown) => error instanceof Response || isRouteErrorResponse(error);
