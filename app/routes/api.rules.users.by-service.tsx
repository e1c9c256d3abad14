import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { bookableClients } from "~/services/rules/candidates.server";
import { apiRoute } from "~/utils/api-handler.server";
import { apiText, json } from "~/utils/http.server";

/**
 * GET /api/rules/users/by-service[?service=Haircut]: the bookings a rule can
 * be made for. `service` may be repeated; without it, all bookable clients.
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const env = context.cloudflare.env;
  const { business } = await requireApiUser(request, env);
  const services = new URL(request.url).searchParams.getAll("service").map((s) => s.trim()).filter(Boolean);
  if (services.length > 100 || services.some((s) => s.length > 200)) return apiText(400, "service is too long.");
  return json({ success: true, bookings: await bookableClients(env.DB, business, Date.now(), services) });
});
