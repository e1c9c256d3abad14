// GET, PATCH and DELETE /api/clients/{id}. Another business's id is a 404.
import { requireApiUser } from "~/security/signed-in.server";
import { deleteClient, getClient, updateClient } from "~/services/clients/clients.server";
import { apiError, apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { validate } from "~/validation/parse";
import { ClientPatch } from "~/validation/clients";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, params, env }) => {
  const { db, business } = await requireApiUser(request, env);
  const client = await getClient(db, business, params.id ?? "", Date.now());
  if (!client) return apiError(404, "clients.err.notFound");
  return json({ success: true, client });
};

export const action: ApiHandler = async ({ request, params, env }) => {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const id = params.id ?? "";
  if (request.method === "DELETE") {
    await deleteClient({ db, env, now: Date.now() }, business.id, id);
    return json({ success: true, detail: "Client deleted." });
  }
  const patch = validate(ClientPatch, await readJson(request, JsonObject));
  if (!patch.ok) {
    // An unknown id is a 404 whatever the body says.
    if (!(await getClient(db, business, id, Date.now()))) return apiError(404, "clients.err.notFound");
    return apiProblem(400, patch.problem);
  }
  const client = await updateClient(db, business, id, patch.value, Date.now());
  return json({ success: true, detail: "Client updated.", client });
};
