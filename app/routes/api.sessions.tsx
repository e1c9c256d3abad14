import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiUser } from "~/security/signed-in.server";
import { businessSession, ownSessionOr404, runAction } from "~/services/whatsapp/actions.server";
import { apiText, readJson } from "~/utils/http.server";

// The body's config is accepted for compatibility but the server always builds
// the gateway config itself (webhook URL, per-business HMAC key, store).
const CreateSession = z.object({ name: z.string().min(1, "name is required.").max(200), start: z.boolean().optional(), config: z.unknown().optional() });

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiText(405, "Method not allowed.");
  const env = context.cloudflare.env;
  const { business } = await requireApiUser(request, env);
  const body = await readJson(request, CreateSession);
  ownSessionOr404(business.id, body.name);
  // Connect WhatsApp: create (not started), start, then re-read the status.
  return runAction("Failed to create session", () => businessSession(env, business.id).open(business.id));
}

export async function loader() {
  return apiText(405, "Method not allowed.");
}
