// GET /api/openings -> {success, openings: [{id, date, time, service, candidates: [{client_id, name, reason}]}]}:
// freed slots still open (not started, not taken), soonest first, each with the
// clients worth offering it to and why, in English (docs/decisions/068-openings.md).
import { translator } from "~/i18n/messages.server";
import { requireApiUser } from "~/security/signed-in.server";
import { listOpenings, reasonText } from "~/services/openings/openings.server";
import { json } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { db, business } = await requireApiUser(request, env);
  const t = translator("en");
  const found = await listOpenings(db, business, Date.now());
  return json({
    success: true,
    openings: found.map((o) => ({
      id: o.id,
      date: o.date,
      time: o.time,
      service: o.service,
      candidates: o.candidates.map((c) => ({ client_id: c.client_id, name: c.name, reason: reasonText(t, c.reason) })),
    })),
  });
};
