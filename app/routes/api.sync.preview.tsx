import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { apiRoute } from "~/utils/api-handler.server";
import { previewSync, PreviewBody } from "~/services/sync/preview.server";
import { apiText, json, methodNotAllowed, readJson } from "~/utils/http.server";

/** POST /api/sync/preview {user_ids, limit}: proposed bookings per contact; nothing is saved. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const env = context.cloudflare.env;
  const { db, business } = await requireApiUser(request, env);
  const body = await readJson(request, PreviewBody);
  const answer = await previewSync({ db, env, now: Date.now() }, business, body);
  if (!answer.ok) return apiText(answer.status, answer.message);
  return json({ success: true, results: answer.results });
});

export async function loader(_: LoaderFunctionArgs) {
  return methodNotAllowed();
}
