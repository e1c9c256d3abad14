import { apiText, json } from "~/utils/http.server";

/**
 * The shared answer of both delete calls: another business's ids (or a
 * business_id that is not the caller's) are "not found" and change nothing.
 */
export async function deletedAnswer(request: Request, businessId: string, key: string, remove: (key: string) => Promise<number>) {
  const asked = new URL(request.url).searchParams.get("business_id");
  if ((asked && asked !== businessId) || !key || key.length > 100) return apiText(404, "Rule not found.");
  const deleted = await remove(key);
  if (deleted === 0) return apiText(404, "Rule not found.");
  return json({ success: true, deleted_count: deleted, detail: `Deleted ${deleted} rules.` });
}
