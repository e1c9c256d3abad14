import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { deleteService, renameService, ServiceBody } from "~/services/catalogue/services.server";
import { apiRoute } from "~/utils/api-handler.server";
import { apiText, json, methodNotAllowed, readJson } from "~/utils/http.server";

/** PATCH /api/services/{id} {service}; DELETE /api/services/{id}. Another business's id is 404. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const { db, business } = await requireApiUser(request, context.cloudflare.env);
  const id = params.id ?? "";
  if (request.method === "PATCH") {
    const body = await readJson(request, ServiceBody);
    const result = await renameService(db, business.id, id, body.service);
    if (!result.ok) return apiText(result.status, result.message, { message: result.message, code: result.code });
    return json({ success: true, message: "Service updated.", item: result.item });
  }
  if (request.method === "DELETE") {
    const result = await deleteService(db, business.id, id);
    if (!result.ok) return apiText(result.status, result.message, { message: result.message, code: result.code });
    return json({ success: true, message: "Service deleted." });
  }
  return methodNotAllowed();
});

export async function loader(_: LoaderFunctionArgs) {
  return methodNotAllowed();
}
