import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { businessSession, ownSessionOr404, runAction } from "~/services/whatsapp/actions.server";
import { apiText } from "~/utils/http.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiText(405, "Method not allowed.");
  const env = context.cloudflare.env;
  const { business } = await requireApiUser(request, env);
  ownSessionOr404(business.id, params.id);
  // Starting is part of connecting: create if missing (idempotent), start, re-read.
  return runAction("Failed to start session", () => businessSession(env, business.id).open(business.id));
}

export async function loader() {
  return apiText(405, "Method not allowed.");
}
