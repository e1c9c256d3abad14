import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { addService, listServices, ServiceBody } from "~/services/catalogue/services.server";
import { apiRoute } from "~/utils/api-handler.server";
import { apiText, json, methodNotAllowed, readJson } from "~/utils/http.server";

/** GET /api/services: names (services) and objects (items). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { db, business } = await requireApiUser(request, context.cloudflare.env);
  const items = await listServices(db, business.id);
  return json({ success: true, services: items.map((i) => i.service), items });
});

/** POST /api/services {service}. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, context.cloudflare.env);
  const body = await readJson(request, ServiceBody);
  const result = await addService(db, business.id, body.service, Date.now());
  if (!result.ok) return apiText(result.status, result.message, { message: result.message, code: result.code });
  return json({ success: true, message: "Service added.", item: result.item }, 201);
});
