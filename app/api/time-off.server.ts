// GET /api/time-off: the business's days off; POST /api/time-off {date_from, date_to, note} (inclusive dates).
import { requireApiUser } from "~/security/signed-in.server";
import { addTimeOff, listTimeOff } from "~/services/time/salon-time.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { TimeOffInput } from "~/validation/hours";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { db, business } = await requireApiUser(request, env);
  return json({ success: true, time_off: await listTimeOff(db, business.id) });
};

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const input = await readJson(request, TimeOffInput);
  const { id } = await addTimeOff(db, business.id, input, Date.now());
  return json({ success: true, id }, 201);
};
