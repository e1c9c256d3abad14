import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { translator } from "~/i18n/messages.server";
import { requireApiUser } from "~/security/signed-in.server";
import { addService, listServices } from "~/services/catalogue/services.server";
import { apiRoute, JsonObject } from "~/utils/api-handler.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { catalogueAnswer, serviceOf } from "./catalogue.server";

const english = translator("en");

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
  const service = serviceOf(await readJson(request, JsonObject));
  return catalogueAnswer(async () => {
    const item = await addService(db, business.id, service, Date.now());
    return json({ success: true, message: english("sync.serviceAdded"), item }, 201);
  });
});
