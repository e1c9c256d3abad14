// What a client may be created or edited with (the Add Client modal, inline
// edit and the JSON API share these checks and the spec's messages).
import { checkPhoneInput } from "~/utils/phone-rule";
import { checked, InputError, requireFilled, text, type Raw } from "~/utils/input";

export const CLIENT_LIMITS = { name: 200, notes: 2000, tag: 50, tags: 30 } as const;

export type ClientInput = { name: string; phone: string; tags: string[]; notes: string };
export type ClientPatch = Partial<ClientInput>;

/** Tags arrive as an array of strings or as one comma-separated string; kept trimmed, unique, non-empty. */
export function parseTags(value: unknown): string[] {
  if (value === undefined || value === null || value === "") return [];
  let items: unknown[];
  if (typeof value === "string") items = value.split(",");
  else if (Array.isArray(value)) items = value;
  else throw new InputError("tags must be a list of words or a comma-separated text.");
  const tags: string[] = [];
  for (const item of items) {
    if (typeof item !== "string") throw new InputError("tags must be a list of words or a comma-separated text.");
    const tag = item.trim();
    if (tag.length > CLIENT_LIMITS.tag) throw new InputError(`A tag is too long (max ${CLIENT_LIMITS.tag} characters).`);
    if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  if (tags.length > CLIENT_LIMITS.tags) throw new InputError(`Too many tags (max ${CLIENT_LIMITS.tags}).`);
  return tags;
}

function phone(raw: Raw): string | undefined {
  const value = text(raw, "phone", 200, "Phone");
  if (value === undefined) return undefined;
  const problem = checkPhoneInput(value);
  if (problem) throw new InputError(problem);
  return value;
}

export function validateClientCreate(raw: Raw) {
  return checked<ClientInput>(() => {
    // The spec's order: name, then phone.
    requireFilled(raw, [["name", "Name is required"]]);
    const name = text(raw, "name", CLIENT_LIMITS.name, "Name")!;
    if (raw.phone === undefined || raw.phone === null) throw new InputError("Phone must contain digits (optionally starts with +)");
    return { name, phone: phone(raw)!, tags: parseTags(raw.tags), notes: text(raw, "notes", CLIENT_LIMITS.notes, "Notes") ?? "" };
  });
}

/** Only the fields sent are changed; a sent name must not be empty. */
export function validateClientPatch(raw: Raw) {
  return checked<ClientPatch>(() => {
    const patch: ClientPatch = {};
    if ("name" in raw) {
      const name = text(raw, "name", CLIENT_LIMITS.name, "Name");
      if (!name) throw new InputError("Name is required");
      patch.name = name;
    }
    if ("phone" in raw) {
      const value = phone(raw);
      if (value === undefined) throw new InputError("Phone must contain digits (optionally starts with +)");
      patch.phone = value;
    }
    if ("tags" in raw) patch.tags = parseTags(raw.tags);
    if ("notes" in raw) patch.notes = text(raw, "notes", CLIENT_LIMITS.notes, "Notes") ?? "";
    if (Object.keys(patch).length === 0) throw new InputError("Send at least one of name, phone, tags, notes.");
    return patch;
  });
}
