// POST /__dev/sql with a form field `sql`: runs it on the served D1 and answers
// {results} (of several statements, the last one's rows). For the browser
// tests, which read and set rows of the product they drive (stack.query,
// test/e2e/support/sql.ts) through the server's own D1, so that no second
// process holds the database file. A door to every business's data, so it opens only
// where three things hold: the guard's development request (a local request to
// a local APP_URL, else 404 for /__ anywhere), the local e-mail outbox, and the
// var E2E_SQL = "1", which only the test stacks pass (a deploy with it set is
// refused: security/config.server.ts).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { sqlDoorOpen } from "~/security/config.server";
import { outboxIsPublic } from "~/services/email/index.server";
import { apiError, json } from "~/utils/http.server";

export async function loader() {
  return apiError(404, "guard.notFound");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  if (!sqlDoorOpen(env) || !outboxIsPublic(env) || request.method !== "POST") return apiError(404, "guard.notFound");
  const sql = (await request.formData()).get("sql");
  if (typeof sql !== "string" || !sql.trim()) return json({ error: "No sql field." }, 400);
  try {
    const { results } = await env.DB.prepare(sql).all();
    return json({ results });
  } catch (error) {
    return json({ error: error instanceof Error ? error.message : String(error) }, 400);
  }
}
