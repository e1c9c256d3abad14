// The Sync tab's schemas: the Service name rule (the catalogue's forms and
// API bodies) and the sync preview and save bodies. Messages are keys of
// i18n/areas/sync.ts; fields the spec gives no text for fall back to the
// generic field problems (validation/parse.ts). Client-safe: the catalogue's
// forms run the same rule in the browser.
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import { isRealDate, isTimeOfDay, readTimeOfDay } from "~/utils/dates";
import { says } from "./parse";
import { tidyServiceName } from "~/utils/service-name";
import { memberId } from "./team";

export const SERVICE_NAME_MAX = 60;
export const MAX_SERVICES = 200;

export { serviceKey, tidyServiceName } from "~/utils/service-name";

/**
 * The Service name rule: trimmed, inner spaces collapsed, 1..60 characters.
 * Absent counts as empty (a form sends nothing for an empty field).
 */
export const serviceName = z
  .string(says("sync.err.empty"))
  .transform(tidyServiceName)
  .refine((name) => name.length > 0, says("sync.err.empty"))
  .refine((name) => [...name].length <= SERVICE_NAME_MAX, says("sync.err.tooLong"));

/** POST /api/services and PATCH /api/services/{id}: a name that is not text is a type problem, not an empty name. */
export const ServiceBody = z.object({ service: z.string().pipe(serviceName) });

/** The catalogue's add form. */
export const AddServiceForm = z.object({ service: serviceName });

/** A chip's inline edit form. */
export const RenameServiceForm = z.object({ id: z.string().max(200), service: serviceName });

/** A chip's delete button. */
export const ServiceIdForm = z.object({ id: z.string().max(200) });

/** In the browser: a name the list already has is refused before asking the server (which checks again). */
export function notTaken<S extends z.ZodType<{ service: string }>>(schema: S, keys: ReadonlySet<string>) {
  return schema.superRefine((value, ctx) => {
    if (typeof value.service === "string" && keys.has(value.service.toLowerCase())) {
      ctx.addIssue({
        code: "custom",
        path: ["service"],
        message: "sync.err.duplicate",
        params: { name: value.service },
      });
    }
  });
}

export const PREVIEW_LIMIT_DEFAULT = 20;
export const PREVIEW_LIMIT_MAX = 50;
export const PREVIEW_CONTACTS_MAX = 50;

/** POST /api/sync/preview. */
export const PreviewBody = z.object({
  user_ids: z
    .array(z.string().min(1).max(200))
    .min(1, says("sync.err.selectContact"))
    .max(PREVIEW_CONTACTS_MAX, says("sync.err.tooManyContacts")),
  limit: z.number().int().min(1).max(PREVIEW_LIMIT_MAX).optional().default(PREVIEW_LIMIT_DEFAULT),
});

export const SAVE_CONTACTS_MAX = 50;
export const SAVE_ITEMS_MAX = 50;

/** Missing counts as empty: the owner gets the one message that says what to complete. */
const loose = (max: number, tooLong?: Parameters<typeof says>[0]) =>
  z
    .string()
    .max(max, tooLong ? says(tooLong) : undefined)
    .nullish()
    .transform((text) => (text ?? "").trim());

const SaveItem = z
  .object({
    service: loose(200, "sync.err.serviceTooLong"),
    date: loose(20),
    time: loose(20).transform((time) => readTimeOfDay(time, { seconds: true }) ?? time),
    notes: loose(2000, "sync.err.notesTooLong"),
    bookingId: z.string().max(200).optional(),
    /** Whose calendar (absent: the first free member who does the service, as Add Booking places it). */
    member_id: memberId.optional(),
  })
  .superRefine((item, ctx) => {
    if (!item.service || !isRealDate(item.date) || !isTimeOfDay(item.time))
      ctx.addIssue({ code: "custom", message: "sync.incomplete" });
  });

/** POST /api/sync/save: every item needs a service, a date (YYYY-MM-DD) and a time (HH:mm). */
export const SaveBody = z.object({
  results: z
    .array(
      z.object({
        user_id: z.string().min(1).max(200),
        items: z.array(SaveItem).max(SAVE_ITEMS_MAX, says("sync.err.tooManyItems")),
      }),
    )
    .min(1, says("sync.err.resultsRequired"))
    .max(SAVE_CONTACTS_MAX, says("sync.err.tooManySaves")),
});

/** The Sync tab's Save for one contact: the rows go as JSON in the form's `items` field. */
export const SaveForm = z.object({ user_id: z.string().min(1).max(200), items: z.string().max(256 * 1024) });
