// GET /api/clients (newest first, a page at a time) and POST /api/clients.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { validateClientCreate } from "~/services/clients/client-input";
import { CLIENT_PAGE_MAX, createClient, listClients } from "~/services/clients/clients.server";
import { listQuery } from "~/services/list-query.server";
import { apiRoute, JsonObject } from "~/utils/api-handler.server";
import { apiText, json, methodNotAllowed, readJson } from "~/utils/http.server";

export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { db, business } = await requireApiUser(request, context.cloudflare.env);
  const options = listQuery(new URL(request.url).searchParams, CLIENT_PAGE_MAX);
  const page = await listClients(db, business, options, Date.now());
  return json({ success: true, ...page });
});

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, context.cloudflare.env);
  const input = validateClientCreate(await readJson(request, JsonObject));
  if (!input.ok) return apiText(400, input.message);
  const client = await createClient(db, business, input.value, Date.now());
  return json({ success: true, detail: "Client added.", client }, 201);
});
