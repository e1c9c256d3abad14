// GET /api/public/{slug}: the booking page's business and services (no sign-in; 404 unless the page is on).
import { createDb } from "~db";
import { pageBusiness, publicInfo } from "~/services/booking-link/public.server";
import { json } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ params, env }) => {
  const db = createDb(env.DB);
  const business = await pageBusiness(db, params.slug);
  return json({ success: true, ...(await publicInfo(db, business)) });
};
