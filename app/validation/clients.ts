// What a client may be created or edited with: the Add Client modal, the
// inline edit and the JSON API share these schemas and the spec's messages
// (name first, then phone). Client-safe: the forms check with them in the browser.
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import type { MessageKey } from "~/i18n";
import { optionalText, phoneText, requiredText } from "./fields";
import { says } from "./parse";

export const CLIENT_LIMITS = { name: 200, notes: 2000, tag: 50, tags: 30 } as const;

/**
 * Text or nothing: a JSON body's number or list gets `wrongType`; null counts
 * as absent. Pipe it into a field schema (`textOnly(key).pipe(requiredText(...))`).
 */
export function textOnly(wrongType: MessageKey) {
  return z
    .unknown()
    .refine((value) => value === undefined || value === null || typeof value === "string", says(wrongType))
    .transform((value) => (typeof value === "string" ? value : undefined));
}

const tagsProblem = (ctx: z.RefinementCtx, key: MessageKey, params?: Record<string, number>) =>
  ctx.addIssue({ code: "custom", message: key, ...(params ? { params } : {}) });

/** Tags as a list of words or one comma-separated text; kept trimmed, unique (ignoring case), non-empty. */
export const tagsField = z.unknown().transform((value, ctx): string[] => {
  if (value === undefined || value === null || value === "") return [];
  const items: unknown[] | null = typeof value === "string" ? value.split(",") : Array.isArray(value) ? value : null;
  if (!items || items.some((item) => typeof item !== "string")) {
    tagsProblem(ctx, "clients.err.tagsType");
    return z.NEVER;
  }
  // Linear: one set lookup per tag, and the count is refused as soon as it passes the cap.
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const item of items as string[]) {
    const tag = item.trim();
    if (tag.length > CLIENT_LIMITS.tag) {
      tagsProblem(ctx, "clients.err.tagTooLong", { max: CLIENT_LIMITS.tag });
      return z.NEVER;
    }
    const folded = tag.toLowerCase();
    if (!tag || seen.has(folded)) continue;
    seen.add(folded);
    tags.push(tag);
    if (tags.length > CLIENT_LIMITS.tags) {
      tagsProblem(ctx, "clients.err.tooManyTags", { max: CLIENT_LIMITS.tags });
      return z.NEVER;
    }
  }
  return tags;
});

const name = textOnly("clients.err.nameText").pipe(
  requiredText("clients.err.nameRequired", CLIENT_LIMITS.name, "clients.err.nameTooLong"),
);
// The spec gives one phone message, for a missing phone too.
const phone = textOnly("clients.err.phoneText").pipe(
  phoneText("clients.err.phoneRule", "clients.err.phoneRule", "clients.err.phoneTooLong"),
);
const notes = textOnly("clients.err.notesText").pipe(optionalText(CLIENT_LIMITS.notes, "clients.err.notesTooLong"));

/** A new client (Add Client, POST /api/clients), and the inline edit, which sends every field. */
export const ClientForm = z.object({
  name,
  phone,
  tags: tagsField.optional().transform((tags) => tags ?? []),
  notes: notes.optional().transform((text) => text ?? ""),
});
export type ClientInput = z.output<typeof ClientForm>;

/** PATCH /api/clients/{id}: only the fields sent change; a sent name must not be empty. */
export const ClientPatch = z
  .object({ name: name.optional(), phone: phone.optional(), tags: tagsField.optional(), notes: notes.optional() })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), says("clients.err.patchEmpty"));
export type ClientPatchInput = z.output<typeof ClientPatch>;

/** One row of an imported file, checked as Add Client checks a client; a row without a phone says so. */
export const ClientImportRow = z.object({
  name: requiredText("clients.err.nameRequired", CLIENT_LIMITS.name, "clients.err.nameTooLong"),
  phone: phoneText("clients.err.phoneRequired", "clients.err.phoneRule", "clients.err.phoneTooLong"),
  tags: tagsField,
});
