// PATCH /api/team/{id} changes what is sent; DELETE /api/team/{id} removes a
// member (409 with `count` while future bookings are theirs; the last member
// stays). Another business's id is 404.
import { requireApiUser } from "~/security/signed-in.server";
import { deleteMember, getMember, updateMember } from "~/services/team/team.server";
import { apiProblem, json, methodNotAllowed, readJson } from "~/utils/http.server";
import { AppError } from "~/utils/problem";
import { MemberPatch } from "~/validation/team";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, params, env }) => {
  const { db, business } = await requireApiUser(request, env);
  const id = params.id ?? "";
  if (request.method === "PATCH") {
    await getMember(db, business, id); // another business's id is 404 whatever the body says
    const patch = await readJson(request, MemberPatch);
    return json({ success: true, member: await updateMember(db, business, id, patch) });
  }
  if (request.method !== "DELETE") return methodNotAllowed();
  try {
    const member = await deleteMember(db, business, id, Date.now());
    return json({ success: true, member });
  } catch (error) {
    if (error instanceof AppError && error.problem.key.startsWith("team.err.futureBooking")) {
      return apiProblem(409, error.problem, { count: error.problem.params?.count });
    }
    throw error;
  }
};
