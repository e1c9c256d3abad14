import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { apiRoute } from "~/utils/api-handler.server";
import { saveSync } from "~/services/sync/save.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { SaveBody } from "~/validation/sync";

/** POST /api/sync/save {results: [{user_id, items}]} -> {success, saved, skipped}. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const env = context.cloudflare.env;
  const { db, business } = await requireApiUser(request, env);
  const body = await readJson(request, SaveBody);
  const { saved, skipped } = await saveSync({ db, env, now: Date.now() }, business, body);
  return json({ success: true, saved, skipped });
});

export async function loader(_: LoaderFunctionArgs) {
  return methodNotAllowed();
}
