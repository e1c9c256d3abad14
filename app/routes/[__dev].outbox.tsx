// GET /__dev/outbox?to=EMAIL: the local outbox as JSON, newest first. Only
// while the outbox is the e-mail provider and the app runs locally; else 404.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createDb } from "~db";
import { outboxIsPublic } from "~/services/email/index.server";
import { readOutbox } from "~/services/email/outbox.server";
import { normalizeEmail } from "~/validation/accounts";
import { json } from "~/utils/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  if (!outboxIsPublic(env)) return json({ success: false, detail: "Not found", error: "Not found" }, 404);
  const to = new URL(request.url).searchParams.get("to");
  return json(await readOutbox(createDb(env.DB), to ? normalizeEmail(to).slice(0, 254) : null));
}
