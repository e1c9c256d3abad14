// GET /api/team: the members in the team's order; POST /api/team {name, color?, working_hours?, services?} adds one (at most 30).
import { requireApiUser } from "~/security/signed-in.server";
import { addMember, listTeam } from "~/services/team/team.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { MemberInput } from "~/validation/team";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { db, business } = await requireApiUser(request, env);
  return json({ success: true, members: await listTeam(db, business) });
};

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const input = await readJson(request, MemberInput);
  return json({ success: true, member: await addMember(db, business, input, Date.now()) }, 201);
};
