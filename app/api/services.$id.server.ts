import { translator } from "~/i18n/messages.server";
import { requireApiUser } from "~/security/signed-in.server";
import { deleteService, updateService } from "~/services/catalogue/services.server";
import { json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { catalogueAnswer, servicePatchOf } from "./catalogue.server";
import type { ApiHandler } from "./router.server";

const english = translator("en");

/** PATCH /api/services/{id} {service?, duration_minutes?, buffer_minutes?, price?} (omitted fields keep their values); DELETE /api/services/{id}. Another business's id is 404. */
export const action: ApiHandler = async ({ request, params, env }) => {
  const { db, business } = await requireApiUser(request, env);
  const id = params.id ?? "";
  if (request.method === "PATCH") {
    const body = await readJson(request, JsonObject);
    return catalogueAnswer(async () => {
      const { service, ...details } = servicePatchOf(body);
      const item = await updateService(db, business.id, id, service, details);
      return json({ success: true, message: english("sync.serviceUpdated"), item });
    });
  }
  if (request.method === "DELETE") {
    return catalogueAnswer(async () => {
      await deleteService(db, business.id, id);
      return json({ success: true, message: english("sync.serviceDeleted") });
    });
  }
  return methodNotAllowed();
};
