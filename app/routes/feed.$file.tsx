// GET /feed/<secret>.ics: the business's bookings for calendar apps. No
// session: the secret in the address is the key, so it answers 404 for
// anything else, and nothing is cached by shared caches.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { feedFor } from "~/services/calendar-feed.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const match = /^(.+)\.ics$/.exec(params.file ?? "");
  const body = match ? await feedFor(context.cloudflare.env, match[1], Date.now()) : null;
  if (body === null)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="chatbook.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
