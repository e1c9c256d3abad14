// GET /api/user/profile: {name, business_id}; business_id is also the WhatsApp session name.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, methodNotAllowed } from "~/utils/http.server";

export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { user, business } = await requireApiUser(request, context.cloudflare.env);
  return json({ success: true, data: { name: user.name, business_id: business.id, email: user.email, business_name: business.name } });
});

export const action = apiRoute(async () => methodNotAllowed());
