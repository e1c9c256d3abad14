// The Sync tab's loader data and form actions (cookie session, useFetcher).
// They call the same functions as the JSON API; results carry codes that the
// screen turns into text in the owner's language.
import type { Db } from "../../../db";
import { addService, deleteService, listServices, renameService } from "~/services/catalogue/services.server";
import { formatPhone } from "~/utils/phone";
import { listSyncContacts } from "./contacts.server";
import { PREVIEW_LIMIT_DEFAULT, previewSync, type PreviewResult } from "./preview.server";
import { saveSync, SaveBody } from "./save.server";

type Ctx = { db: Db; env: Env; now: number };
type Business = { id: string; timeZone: string; country: string };

export type ScreenContact = { id: string; name: string; phone: string };

export async function syncScreenData(db: Db, businessId: string) {
  const [services, contacts] = await Promise.all([listServices(db, businessId), listSyncContacts(db, businessId)]);
  // Formatted here so the phone library stays out of the browser bundle.
  const shown: ScreenContact[] = contacts.map((c) => ({ ...c, phone: c.phone ? formatPhone(c.phone) : "" }));
  return { services, contacts: shown };
}

export type SyncActionData =
  | { intent: "service-add"; ok: true; name: string }
  | { intent: "service-add"; ok: false; code: string; name?: string }
  | { intent: "service-update"; id: string; ok: true; name: string }
  | { intent: "service-update"; id: string; ok: false; code: string; name?: string }
  | { intent: "service-delete"; id: string; ok: boolean }
  | { intent: "preview"; userId: string; ok: true; result: PreviewResult }
  | { intent: "preview"; userId: string; ok: false; code: "noServices" | "failed" }
  | { intent: "save"; userId: string; ok: true; saved: number; skipped: number }
  | { intent: "save"; userId: string; ok: false; code: "incomplete" | "hidden" | "failed" };

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : "";
};

export async function syncScreenAction(ctx: Ctx, business: Business, form: FormData): Promise<SyncActionData | null> {
  const intent = text(form, "intent");
  const id = text(form, "id").slice(0, 200);
  const userId = text(form, "user_id").slice(0, 200);
  switch (intent) {
    case "service-add": {
      const r = await addService(ctx.db, business.id, text(form, "service"), ctx.now);
      return r.ok ? { intent, ok: true, name: r.item.service } : { intent, ok: false, code: r.code, name: text(form, "service").trim() };
    }
    case "service-update": {
      const r = await renameService(ctx.db, business.id, id, text(form, "service"));
      return r.ok ? { intent, id, ok: true, name: r.item.service } : { intent, id, ok: false, code: r.code, name: text(form, "service").trim() };
    }
    case "service-delete": {
      const r = await deleteService(ctx.db, business.id, id);
      return { intent, id, ok: r.ok };
    }
    case "preview": {
      const r = await previewSync(ctx, business, { user_ids: [userId], limit: PREVIEW_LIMIT_DEFAULT });
      if (r.ok && r.results[0]) return { intent, userId, ok: true, result: r.results[0] };
      return { intent, userId, ok: false, code: !r.ok && r.status === 400 ? "noServices" : "failed" };
    }
    case "save": {
      let items: unknown;
      try {
        items = JSON.parse(text(form, "items"));
      } catch {
        return { intent, userId, ok: false, code: "failed" };
      }
      const body = SaveBody.safeParse({ results: [{ user_id: userId, items }] });
      if (!body.success) return { intent, userId, ok: false, code: body.error.issues.some((i) => i.code === "custom") ? "incomplete" : "failed" };
      const r = await saveSync(ctx, business, body.data);
      if (r.ok) return { intent, userId, ok: true, saved: r.saved, skipped: r.skipped };
      return { intent, userId, ok: false, code: r.status === 422 ? "hidden" : "failed" };
    }
    default:
      return null;
  }
}
