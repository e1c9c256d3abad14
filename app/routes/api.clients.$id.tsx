// GET, PATCH and DELETE /api/clients/{id}. Another business's id is a 404.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { validateClientPatch } from "~/services/clients/client-input";
import { CLIENT_NOT_FOUND, deleteClient, getClient, updateClient } from "~/services/clients/clients.server";
import { apiRoute, JsonObject } from "~/utils/api-handler.server";
import { apiText, json, methodNotAllowed, readJson } from "~/utils/http.server";

export const loader = apiRoute(async ({ request, context, params }: LoaderFunctionArgs) => {
  const { db, business } = await requireApiUser(request, context.cloudflare.env);
  const client = await getClient(db, business, params.id ?? "", Date.now());
  if (!client) return apiText(404, CLIENT_NOT_FOUND);
  return json({ success: true, client });
});

export const action = apiRoute(async ({ request, context, params }: ActionFunctionArgs) => {
  const env = context.cloudflare.env;
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const id = params.id ?? "";
  if (request.method === "DELETE") {
    await deleteClient({ db, env, now: Date.now() }, business.id, id);
    return json({ success: true, detail: "Client deleted." });
  }
  const patch = validateClientPatch(await readJson(request, JsonObject));
  if (!patch.ok) {
    // An unknown id is a 404 whatever the body says.
    if (!(await getClient(db, business, id, Date.now()))) return apiText(404, CLIENT_NOT_FOUND);
    return apiText(400, patch.message);
  }
  const client = await updateClient(db, business, id, patch.value, Date.now());
  return json({ success: true, detail: "Client updated.", client });
});
