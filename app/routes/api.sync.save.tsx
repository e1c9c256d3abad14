import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { apiRoute } from "~/utils/api-handler.server";
import { saveSync, SaveBody } from "~/services/sync/save.server";
import { apiText, json, methodNotAllowed, readJson } from "~/utils/http.server";

/** POST /api/sync/save {results: [{user_id, items}]} -> {success, saved, skipped}. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const env = context.cloudflare.env;
  const { db, business } = await requireApiUser(request, env);
  const body = await readJson(request, SaveBody);
  const answer = await saveSync({ db, env, now: Date.now() }, business, body);
  if (!answer.ok) return apiText(answer.status, answer.message);
  return json({ success: true, saved: answer.saved, skipped: answer.skipped });
});

export async function loader(_: LoaderFunctionArgs) {
  return methodNotAllowed();
}
