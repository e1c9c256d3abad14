import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { apiRoute } from "~/utils/api-handler.server";
import { previewSync } from "~/services/sync/preview.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { PreviewBody } from "~/validation/sync";

/** POST /api/sync/preview {user_ids, limit}: proposed bookings per contact; nothing is saved. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const env = context.cloudflare.env;
  const { db, business } = await requireApiUser(request, env);
  const body = await readJson(request, PreviewBody);
  const { results } = await previewSync({ db, env, now: Date.now() }, business, body);
  return json({ success: true, results });
});

export async function loader(_: LoaderFunctionArgs) {
  return methodNotAllowed();
}
