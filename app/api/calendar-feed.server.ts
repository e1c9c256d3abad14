// POST /api/calendar-feed: create (or replace) the private calendar address;
// DELETE: revoke it (the old address answers 404).
import { requireApiUser } from "~/security/signed-in.server";
import { createFeed, revokeFeed } from "~/services/calendar-feed.server";
import { json, methodNotAllowed } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed();
  const { business } = await requireApiUser(request, env);
  if (request.method === "DELETE") {
    await revokeFeed(env, business.id);
    return json({ success: true });
  }
  return json({ success: true, url: await createFeed(env, business.id) });
};
