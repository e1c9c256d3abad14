import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth/session.server";
import { deleteService, renameService, ServiceBody } from "~/services/catalogue/services.server";
import { handleApi } from "~/services/sync/handle.server";
import { apiError, json, readJson } from "~/utils/http.server";

/** PATCH /api/services/{id} {service}; DELETE /api/services/{id}. Another business's id is 404. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    const { db, business } = await requireApiUser(request, context.cloudflare.env);
    const id = params.id ?? "";
    if (request.method === "PATCH") {
      const body = await readJson(request, ServiceBody);
      const result = await renameService(db, business.id, id, body.service);
      if (!result.ok) return apiError(result.status, result.message, { message: result.message, code: result.code });
      return json({ success: true, message: "Service updated.", item: result.item });
    }
    if (request.method === "DELETE") {
      const result = await deleteService(db, business.id, id);
      if (!result.ok) return apiError(result.status, result.message, { message: result.message, code: result.code });
      return json({ success: true, message: "Service deleted." });
    }
    return apiError(405, "Method not allowed.");
  });
}

export async function loader(_: LoaderFunctionArgs) {
  return apiError(405, "Method not allowed.");
}
