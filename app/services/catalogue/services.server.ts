// The business's service catalogue. Names are unique per business ignoring
// case (the unique index on name_key also settles two concurrent adds).
// Failures are AppErrors with keys of i18n/areas/sync.ts.
import { and, asc, count, eq } from "drizzle-orm";
import { schema, type Db } from "~db";
import { isUniqueViolation } from "~db/errors";
import { AppError } from "~/utils/problem";
import { validate } from "~/validation/parse";
import { MAX_SERVICES, serviceKey, serviceName } from "~/validation/sync";
import { SERVICE_TIME, type ServiceDetails } from "~/validation/services";
import { centsOf, priceOf } from "./money";

/** A catalogue entry: its name, how long it takes, the time kept free after it, and its price (a decimal, or null). */
export type ServiceItem = {
  id: string;
  service: string;
  duration_minutes: number;
  buffer_minutes: number;
  price: number | null;
};

const itemColumns = {
  id: schema.services.id,
  service: schema.services.name,
  duration_minutes: schema.services.durationMinutes,
  buffer_minutes: schema.services.bufferMinutes,
  priceCents: schema.services.priceCents,
};
const toItem = ({ priceCents, ...row }: { priceCents: number | null } & Omit<ServiceItem, "price">): ServiceItem => ({
  ...row,
  price: priceOf(priceCents),
});

/** The columns of the details that were sent (checked by validation/services.ts). */
function detailColumns(details: ServiceDetails) {
  const set: { durationMinutes?: number; bufferMinutes?: number; priceCents?: number | null } = {};
  if (details.duration_minutes !== undefined) set.durationMinutes = details.duration_minutes;
  if (details.buffer_minutes !== undefined) set.bufferMinutes = details.buffer_minutes;
  if (details.price !== undefined) set.priceCents = centsOf(details.price);
  return set;
}

const notFound = () => new AppError(404, "sync.err.notFound");
const duplicate = (name: string) => new AppError(409, "sync.err.duplicate", { name });

/** The Service name rule once more, whoever the caller: the stored name and its comparison key. */
function checked(raw: string): { name: string; key: string } {
  const result = validate(serviceName, raw);
  if (!result.ok) throw new AppError(400, result.problem.key, result.problem.params);
  return { name: result.value, key: result.value.toLowerCase() };
}

export async function listServices(db: Db, businessId: string): Promise<ServiceItem[]> {
  const rows = await db
    .select(itemColumns)
    .from(schema.services)
    .where(eq(schema.services.businessId, businessId))
    .orderBy(asc(schema.services.nameKey));
  return rows.map(toItem);
}

/** The catalogue entry a booking's service names (ignoring case), if any: its time and price are the booking's defaults. */
export async function serviceByName(db: Db, businessId: string, name: string): Promise<ServiceItem | null> {
  return serviceFrom(await serviceQuery(db, businessId, name));
}

/** serviceByName's query, for a caller that reads it in its own batch; serviceFrom reads its rows. */
export function serviceQuery(db: Db, businessId: string, name: string) {
  return db
    .select(itemColumns)
    .from(schema.services)
    .where(and(eq(schema.services.businessId, businessId), eq(schema.services.nameKey, serviceKey(name))))
    .limit(1);
}

export const serviceFrom = ([row]: Parameters<typeof toItem>[0][]): ServiceItem | null => (row ? toItem(row) : null);

export async function serviceNames(db: Db, businessId: string): Promise<string[]> {
  return (await listServices(db, businessId)).map((s) => s.service);
}

/** 400 (the name rule), 409 duplicate or at the limit. Details left out take their defaults (60 minutes, no buffer, no price). */
export async function addService(
  db: Db,
  businessId: string,
  raw: string,
  now: number,
  details: ServiceDetails = {},
): Promise<ServiceItem> {
  const { name, key } = checked(raw);
  const [{ n }] = await db
    .select({ n: count() })
    .from(schema.services)
    .where(eq(schema.services.businessId, businessId));
  if (n >= MAX_SERVICES) throw new AppError(409, "sync.err.limit", { max: MAX_SERVICES });
  const id = crypto.randomUUID();
  const inserted = await db
    .insert(schema.services)
    .values({ id, businessId, name, nameKey: key, createdAt: now, ...detailColumns(details) })
    .onConflictDoNothing()
    .returning(itemColumns);
  if (!inserted.length) throw duplicate(name);
  return toItem(inserted[0]);
}

/**
 * Renames a service and/or changes its time and price; what is left out keeps
 * its value. 404 for another business's (or no) service, 400 (the name rule),
 * 409 duplicate. Changing only the case of its own name is fine.
 */
export async function updateService(
  db: Db,
  businessId: string,
  id: string,
  raw: string | undefined,
  details: ServiceDetails = {},
): Promise<ServiceItem> {
  const own = and(eq(schema.services.id, id), eq(schema.services.businessId, businessId));
  const [existing] = await db.select({ id: schema.services.id }).from(schema.services).where(own).limit(1);
  if (!existing) throw notFound();
  const named = raw === undefined ? undefined : checked(raw);
  const set = { ...(named ? { name: named.name, nameKey: named.key } : {}), ...detailColumns(details) };
  try {
    const [row] = Object.keys(set).length
      ? await db.update(schema.services).set(set).where(own).returning(itemColumns)
      : await db.select(itemColumns).from(schema.services).where(own);
    if (!row) throw notFound();
    return toItem(row);
  } catch (error) {
    if (named && isUniqueViolation(error)) throw duplicate(named.name);
    throw error;
  }
}

/** The name-only edit (a chip's rename). */
export const renameService = (db: Db, businessId: string, id: string, raw: string) =>
  updateService(db, businessId, id, raw);

/** A service's defaults when none is in the catalogue. */
export const DEFAULT_SERVICE_TIME = {
  durationMinutes: SERVICE_TIME.duration.default,
  bufferMinutes: SERVICE_TIME.buffer.default,
  priceCents: null,
};

/** 404 for another business's (or no) service. */
export async function deleteService(db: Db, businessId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(schema.services)
    .where(and(eq(schema.services.id, id), eq(schema.services.businessId, businessId)))
    .returning({ id: schema.services.id });
  if (!deleted.length) throw notFound();
}
