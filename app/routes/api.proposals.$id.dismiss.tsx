import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { dismissProposal } from "~/services/proposals/proposals.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, methodNotAllowed } from "~/utils/http.server";

/** POST /api/proposals/{id}/dismiss -> {success}; the same booking is not proposed again. 404 for another business's proposal, 409 once accepted. */
export const action = apiRoute(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, context.cloudflare.env);
  await dismissProposal(db, business.id, params.id ?? "");
  return json({ success: true });
});

export async function loader(_: LoaderFunctionArgs) {
  return methodNotAllowed();
}
