import { translator } from "~/i18n/messages.server";
import { requireApiUser } from "~/security/signed-in.server";
import { addService, listServices } from "~/services/catalogue/services.server";
import { json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { catalogueAnswer, newServiceOf } from "./catalogue.server";
import type { ApiHandler } from "./router.server";

const english = translator("en");

/** GET /api/services: names (services) and objects (items). */
export const loader: ApiHandler = async ({ request, env }) => {
  const { db, business } = await requireApiUser(request, env);
  const items = await listServices(db, business.id);
  return json({ success: true, services: items.map((i) => i.service), items });
};

/** POST /api/services {service, duration_minutes?, buffer_minutes?, price?}. */
export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const { service, ...details } = newServiceOf(await readJson(request, JsonObject));
  return catalogueAnswer(async () => {
    const item = await addService(db, business.id, service, Date.now(), details);
    return json({ success: true, message: english("sync.serviceAdded"), item }, 201);
  });
};
