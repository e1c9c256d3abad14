// POST /api/calendar-feed: create (or replace) the private calendar address;
// DELETE: revoke it (the old address answers 404).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { createFeed, revokeFeed } from "~/services/calendar-feed.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, methodNotAllowed } from "~/utils/http.server";

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const env = context.cloudflare.env;
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed();
  const { business } = await requireApiUser(request, env);
  if (request.method === "DELETE") {
    await revokeFeed(env, business.id);
    return json({ success: true });
  }
  return json({ success: true, url: await createFeed(env, business.id) });
});

export const loader = () => methodNotAllowed();
