import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth/session.server";
import { addService, listServices, ServiceBody } from "~/services/catalogue/services.server";
import { handleApi } from "~/services/sync/handle.server";
import { apiError, json, readJson } from "~/utils/http.server";

/** GET /api/services: names (services) and objects (items). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const { db, business } = await requireApiUser(request, context.cloudflare.env);
    const items = await listServices(db, business.id);
    return json({ success: true, services: items.map((i) => i.service), items });
  });
}

/** POST /api/services {service}. */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return apiError(405, "Method not allowed.");
    const { db, business } = await requireApiUser(request, context.cloudflare.env);
    const body = await readJson(request, ServiceBody);
    const result = await addService(db, business.id, body.service, Date.now());
    if (!result.ok) return apiError(result.status, result.message, { message: result.message, code: result.code });
    return json({ success: true, message: "Service added.", item: result.item }, 201);
  });
}
