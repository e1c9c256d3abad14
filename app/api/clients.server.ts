// GET /api/clients (newest first, a page at a time) and POST /api/clients.
import { requireApiUser } from "~/security/signed-in.server";
import { CLIENT_PAGE_MAX, createClient, listClients } from "~/services/clients/clients.server";
import { listQuery } from "~/services/list-query.server";
import { apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { ClientForm } from "~/validation/clients";
import { validate } from "~/validation/parse";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { db, business } = await requireApiUser(request, env);
  const options = listQuery(new URL(request.url).searchParams, CLIENT_PAGE_MAX);
  const page = await listClients(db, business, options, Date.now());
  return json({ success: true, ...page });
};

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const input = validate(ClientForm, await readJson(request, JsonObject));
  if (!input.ok) return apiProblem(400, input.problem);
  const client = await createClient(db, business, input.value, Date.now());
  return json({ success: true, detail: "Client added.", client }, 201);
};
