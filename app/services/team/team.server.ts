// The team: members as calendars. Every business has at least one (the owner,
// made at sign-up; the 0010 migration made one for businesses before it).
// A member's working_hours null follows the business's hours; services empty
// means all. Bookings, time off and free slots read members through here.
import { and, asc, eq, gte, notInArray, sql } from "drizzle-orm";
import { schema, type Db } from "~db";
import { readHours } from "~/services/time/hours";
import { FREEING_STATUSES, type WorkingHours } from "~/services/time/span";
import { AppError } from "~/utils/problem";
import { serviceKey } from "~/utils/service-name";
import { localDate } from "~/utils/time-zone";
import type { MemberInput, MemberPatch } from "~/validation/team";
import { MAX_MEMBERS, nextColor, TEAM_PALETTE } from "./palette";

const m = schema.members;

/** A member as the API and the screens read it: working_hours is the member's own, or the business's when they follow it. */
export type MemberView = { id: string; name: string; color: string; working_hours: WorkingHours; services: string[] };

/** What the team's rules need of the business. */
export type TeamBusiness = { id: string; workingHours?: unknown };

type Row = typeof m.$inferSelect;

const viewOf = (
  row: Pick<Row, "id" | "name" | "color" | "workingHours" | "services">,
  business: TeamBusiness,
): MemberView => ({
  id: row.id,
  name: row.name,
  color: row.color,
  working_hours: readHours(row.workingHours ?? business.workingHours),
  services: row.services ?? [],
});

/** Whether the member does the service (no services listed: all). */
export const doesService = (member: Pick<MemberView, "services">, service: string) =>
  member.services.length === 0 || member.services.some((s) => serviceKey(s) === serviceKey(service));

const newMemberId = () => `mem_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

/** The owner as the first member of a new business (a statement for the sign-up's batch). */
export function ownerMemberInsert(db: Db, businessId: string, name: string, now: number) {
  return db.insert(m).values({
    id: newMemberId(),
    businessId,
    name: name.trim() || "Owner",
    color: TEAM_PALETTE[0],
    position: 0,
    createdAt: now,
  });
}

/** The team in its order (the owner first unless moved). */
export async function listTeam(db: Db, business: TeamBusiness): Promise<MemberView[]> {
  return teamOf(await teamQuery(db, business.id), business);
}

/** listTeam's query, for a caller that reads it in its own batch; teamOf turns its rows into the team. */
export function teamQuery(db: Db, businessId: string) {
  return db
    .select({ id: m.id, name: m.name, color: m.color, workingHours: m.workingHours, services: m.services })
    .from(m)
    .where(eq(m.businessId, businessId))
    .orderBy(asc(m.position), asc(m.createdAt), asc(m.id));
}

export const teamOf = (
  rows: Pick<Row, "id" | "name" | "color" | "workingHours" | "services">[],
  business: TeamBusiness,
): MemberView[] => rows.map((r) => viewOf(r, business));

/** One member of the business; 404 for another business's (or no) id. */
export async function getMember(db: Db, business: TeamBusiness, id: string): Promise<MemberView> {
  const [row] = await db
    .select({ id: m.id, name: m.name, color: m.color, workingHours: m.workingHours, services: m.services })
    .from(m)
    .where(and(eq(m.businessId, business.id), eq(m.id, id)))
    .limit(1);
  if (!row) throw new AppError(404, "team.err.notFound");
  return viewOf(row, business);
}

/** 409 past MAX_MEMBERS: the count and the insert are one statement, so two adds cannot both pass the limit. */
export async function addMember(db: Db, business: TeamBusiness, input: MemberInput, now: number): Promise<MemberView> {
  const team = await listTeam(db, business);
  const id = newMemberId();
  const color = input.color ?? nextColor(team.map((t) => t.color));
  const services = JSON.stringify(input.services ?? []);
  const hours = input.working_hours ? JSON.stringify(input.working_hours) : null;
  const inserted = await db.run(
    sql`INSERT INTO members (id, business_id, name, color, working_hours, services, position, created_at)
        SELECT ${id}, ${business.id}, ${input.name}, ${color}, ${hours}, ${services},
               (SELECT coalesce(max(position), -1) + 1 FROM members WHERE business_id = ${business.id}), ${now}
        WHERE (SELECT count(*) FROM members WHERE business_id = ${business.id}) < ${MAX_MEMBERS}`,
  );
  if (!inserted.meta.changes) throw new AppError(409, "team.err.tooMany", { max: MAX_MEMBERS });
  return getMember(db, business, id);
}

/** Changes what was sent; 404 for another business's id. */
export async function updateMember(
  db: Db,
  business: TeamBusiness,
  id: string,
  patch: MemberPatch,
): Promise<MemberView> {
  const changes: Partial<typeof m.$inferInsert> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.color !== undefined) changes.color = patch.color;
  if (patch.working_hours !== undefined) changes.workingHours = patch.working_hours;
  if (patch.services !== undefined) changes.services = patch.services;
  if (patch.position !== undefined) await moveMember(db, business, id, patch.position);
  if (Object.keys(changes).length) {
    const updated = await db
      .update(m)
      .set(changes)
      .where(and(eq(m.businessId, business.id), eq(m.id, id)))
      .returning({ id: m.id });
    if (!updated.length) throw new AppError(404, "team.err.notFound");
  }
  return getMember(db, business, id);
}

/** Puts the member at `position` in the team's order and numbers everyone 0, 1, 2... in one batch. */
async function moveMember(db: Db, business: TeamBusiness, id: string, position: number): Promise<void> {
  const order = (await listTeam(db, business)).map((t) => t.id);
  const from = order.indexOf(id);
  if (from < 0) throw new AppError(404, "team.err.notFound");
  order.splice(from, 1);
  order.splice(Math.min(position, order.length), 0, id);
  const [first, ...rest] = order.map((memberId, i) =>
    db
      .update(m)
      .set({ position: i })
      .where(and(eq(m.businessId, business.id), eq(m.id, memberId))),
  );
  await db.batch([first, ...rest]);
}

/** The member's bookings from today on (the business's today) that still take time. */
async function futureBookings(
  db: Db,
  business: TeamBusiness & { timeZone: string },
  id: string,
  now: number,
): Promise<number> {
  const b = schema.bookings;
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(b)
    .where(
      and(
        eq(b.businessId, business.id),
        eq(b.memberId, id),
        gte(b.bookingDate, localDate(now, business.timeZone)),
        notInArray(b.status, FREEING_STATUSES as never[]),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Removes a member: 404 for another business's id, 409 for the last member,
 * and 409 with their count while future bookings are theirs (move or
 * unassign them first). The checks and the delete are one statement.
 */
export async function deleteMember(
  db: Db,
  business: TeamBusiness & { timeZone: string },
  id: string,
  now: number,
): Promise<MemberView> {
  const member = await getMember(db, business, id);
  const today = localDate(now, business.timeZone);
  const freeing = FREEING_STATUSES.map((s) => sql`${s}`);
  const deleted = await db.run(
    sql`DELETE FROM members WHERE id = ${id} AND business_id = ${business.id}
        AND (SELECT count(*) FROM members WHERE business_id = ${business.id}) > 1
        AND NOT EXISTS (SELECT 1 FROM bookings WHERE business_id = ${business.id} AND member_id = ${id}
                        AND booking_date >= ${today} AND status NOT IN (${sql.join(freeing, sql`, `)}))`,
  );
  if (deleted.meta.changes) return member;
  const count = await futureBookings(db, business, id, now);
  if (count)
    throw new AppError(409, count === 1 ? "team.err.futureBooking" : "team.err.futureBookings", {
      name: member.name,
      count,
    });
  const left = await listTeam(db, business);
  if (!left.some((t) => t.id === id)) throw new AppError(404, "team.err.notFound");
  throw new AppError(409, "team.err.last");
}
