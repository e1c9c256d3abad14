import { requireApiUser } from "~/security/signed-in.server";
import { bookableClients, serviceFilter } from "~/services/rules/candidates.server";
import { json } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

/**
 * GET /api/rules/users/by-service[?service=Haircut]: the bookings a rule can
 * be made for. `service` may be repeated; without it, all bookable clients.
 */
export const loader: ApiHandler = async ({ request, env }) => {
  const { business } = await requireApiUser(request, env);
  const services = serviceFilter(new URL(request.url).searchParams);
  return json({ success: true, bookings: await bookableClients(env.DB, business, Date.now(), services) });
};
