// The Service name rule, shared by the Sync screen (instant feedback) and the
// API (the rule that counts): trimmed, inner spaces collapsed, 1..60 characters.

export const SERVICE_NAME_MAX = 60;

export type ServiceNameCheck =
  | { ok: true; name: string; key: string }
  | { ok: false; error: "empty" | "tooLong" };

export const SERVICE_NAME_ERRORS = {
  empty: "Please enter service name.",
  tooLong: `Service name too long (max ${SERVICE_NAME_MAX}).`,
} as const;

/** The comparison key: "Haircut" and " haircut " are the same service. */
export function serviceKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

export function checkServiceName(raw: unknown): ServiceNameCheck {
  const name = typeof raw === "string" ? raw.trim().replace(/\s+/g, " ") : "";
  if (!name) return { ok: false, error: "empty" };
  if ([...name].length > SERVICE_NAME_MAX) return { ok: false, error: "tooLong" };
  return { ok: true, name, key: name.toLowerCase() };
}
