// How service names compare, without zod: the Sync screen uses these on its
// first load; validation/sync.ts builds the Service name rule on them.

/** Trimmed, inner spaces collapsed: the form a service name is stored in. */
export const tidyServiceName = (raw: string) => raw.trim().replace(/\s+/g, " ");

/** The comparison key: "Haircut" and " haircut " are the same service. */
export const serviceKey = (name: string) => tidyServiceName(name).toLowerCase();
