// The business's service catalogue. Names are unique per business ignoring
// case (the unique index on name_key also settles two concurrent adds).
import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import { schema, type Db } from "../../../db";
import { isUniqueViolation } from "../../../db/errors";
import { checkServiceName, SERVICE_NAME_ERRORS } from "./service-name";

export const MAX_SERVICES = 200;

// Length is judged by the Service name rule, with its exact message (the body itself is capped at 64 KB).
export const ServiceBody = z.object({ service: z.string() });

export type ServiceItem = { id: string; service: string };
export type CatalogueError = { ok: false; status: number; code: "empty" | "tooLong" | "duplicate" | "notFound" | "limit"; message: string };

const duplicate = (name: string): CatalogueError => ({ ok: false, status: 409, code: "duplicate", message: `Service "${name}" already exists.` });
const notFound: CatalogueError = { ok: false, status: 404, code: "notFound", message: "Service not found." };

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

function invalid(error: "empty" | "tooLong"): CatalogueError {
  return { ok: false, status: 400, code: error, message: SERVICE_NAME_ERRORS[error] };
}

export async function addService(db: Db, businessId: string, raw: unknown, now: number): Promise<{ ok: true; item: ServiceItem } | CatalogueError> {
  const checked = checkServiceName(raw);
  if (!checked.ok) return invalid(checked.error);
  const [{ n }] = await db.select({ n: count() }).from(schema.services).where(eq(schema.services.businessId, businessId));
  if (n >= MAX_SERVICES) return { ok: false, status: 409, code: "limit", message: `You can have at most ${MAX_SERVICES} services.` };
  const id = crypto.randomUUID();
  const inserted = await db
    .insert(schema.services)
    .values({ id, businessId, name: checked.name, nameKey: checked.key, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: schema.services.id });
  if (!inserted.length) return duplicate(checked.name);
  return { ok: true, item: { id, service: checked.name } };
}

export async function renameService(db: Db, businessId: string, id: string, raw: unknown): Promise<{ ok: true; item: ServiceItem } | CatalogueError> {
  const own = and(eq(schema.services.id, id), eq(schema.services.businessId, businessId));
  const [existing] = await db.select({ id: schema.services.id }).from(schema.services).where(own).limit(1);
  if (!existing) return notFound;
  const checked = checkServiceName(raw);
  if (!checked.ok) return invalid(checked.error);
  try {
    await db.update(schema.services).set({ name: checked.name, nameKey: checked.key }).where(own);
  } catch (error) {
    if (isUniqueViolation(error)) return duplicate(checked.name);
    throw error;
  }
  return { ok: true, item: { id, service: checked.name } };
}

export async function deleteService(db: Db, businessId: string, id: string): Promise<{ ok: true } | CatalogueError> {
  const deleted = await db
    .delete(schema.services)
    .where(and(eq(schema.services.id, id), eq(schema.services.businessId, businessId)))
    .returning({ id: schema.services.id });
  return deleted.length ? { ok: true } : notFound;
}

