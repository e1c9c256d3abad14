// GET /api/user/profile: {name, business_id}; business_id is also the WhatsApp session name.
import { requireApiUser } from "~/security/signed-in.server";
import { json } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { user, business } = await requireApiUser(request, env);
  return json({
    success: true,
    data: { name: user.name, business_id: business.id, email: user.email, business_name: business.name },
  });
};
