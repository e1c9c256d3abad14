// The business's service catalogue. Names are unique per business ignoring
// case (the unique index on name_key also settles two concurrent adds).
// Failures are AppErrors with keys of i18n/areas/sync.ts.
import { and, asc, count, eq } from "drizzle-orm";
import { schema, type Db } from "../../../db";
import { isUniqueViolation } from "../../../db/errors";
import { AppError } from "~/utils/problem";
import { validate } from "~/validation/parse";
import { MAX_SERVICES, serviceName } from "~/validation/sync";

export type ServiceItem = { id: string; service: string };

const notFound = () => new AppError(404, "sync.err.notFound");
const duplicate = (name: string) => new AppError(409, "sync.err.duplicate", { name });

/** The Service name rule once more, whoever the caller: the stored name and its comparison key. */
function checked(raw: string): { name: string; key: string } {
  const result = validate(serviceName, raw);
  if (!result.ok) throw new AppError(400, result.problem.key, result.problem.params);
  return { name: result.value, key: result.value.toLowerCase() };
}

export async function listServices(db: Db, businessId: string): Promise<ServiceItem[]> {
  return db
    .select({ id: schema.services.id, service: schema.services.name })
    .from(schema.services)
    .where(eq(schema.services.businessId, businessId))
    .orderBy(asc(schema.services.nameKey));
}

export async function serviceNames(db: Db, businessId: string): Promise<string[]> {
  return (await listServices(db, businessId)).map((s) => s.service);
}

/** 400 (the name rule), 409 duplicate or at the limit. */
export async function addService(db: Db, businessId: string, raw: string, now: number): Promise<ServiceItem> {
  const { name, key } = checked(raw);
  const [{ n }] = await db.select({ n: count() }).from(schema.services).where(eq(schema.services.businessId, businessId));
  if (n >= MAX_SERVICES) throw new AppError(409, "sync.err.limit", { max: MAX_SERVICES });
  const id = crypto.randomUUID();
  const inserted = await db
    .insert(schema.services)
    .values({ id, businessId, name, nameKey: key, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: schema.services.id });
  if (!inserted.length) throw duplicate(name);
  return { id, service: name };
}

/** 404 for another business's (or no) service, 400 (the name rule), 409 duplicate. Changing only the case of its own name is fine. */
export async function renameService(db: Db, businessId: string, id: string, raw: string): Promise<ServiceItem> {
  const own = and(eq(schema.services.id, id), eq(schema.services.businessId, businessId));
  const [existing] = await db.select({ id: schema.services.id }).from(schema.services).where(own).limit(1);
  if (!existing) throw notFound();
  const { name, key } = checked(raw);
  try {
    await db.update(schema.services).set({ name, nameKey: key }).where(own);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(name);
    throw error;
  }
  return { id, service: name };
}

/** 404 for another business's (or no) service. */
export async function deleteService(db: Db, businessId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(schema.services)
    .where(and(eq(schema.services.id, id), eq(schema.services.businessId, businessId)))
    .returning({ id: schema.services.id });
  if (!deleted.length) throw notFound();
}
