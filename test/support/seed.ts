// Test data written straight to D1, so each test starts from the state it names.
import { env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { createDb, schema } from "~db";

export const db = () => createDb(env.DB);

let counter = 0;
const uid = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${(counter++).toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

export async function seedBusiness(overrides: Partial<typeof schema.businesses.$inferInsert> = {}) {
  const userId = uid("usr");
  const businessId = overrides.id ?? uid("biz");
  await db()
    .insert(schema.users)
    .values({ id: userId, email: `${userId}@example.com`, name: "Dana Levi", emailVerifiedAt: Date.now() });
  await db()
    .insert(schema.businesses)
    .values({
      id: businessId,
      ownerUserId: userId,
      name: "Dana's Salon",
      country: "IL",
      timeZone: "Asia/Jerusalem",
      // No quiet hours unless a test asks for them: delivery tests must not depend on the hour they run at.
      quietStart: "00:00",
      quietEnd: "00:00",
      ...overrides,
    });
  // The owner is the team's first member, as sign-up makes them.
  const memberId = uid("mem");
  await db()
    .insert(schema.members)
    .values({ id: memberId, businessId, name: "Dana Levi", color: "#1D4ED8", position: 0 });
  return { userId, businessId, memberId, email: `${userId}@example.com` };
}

/**
 * A client. Unless `basis` says otherwise the client wrote to the business's
 * WhatsApp first (a contact_consent row), as a client who gets automatic
 * messages must have; "none" is a client nobody ever wrote to.
 */
export async function seedClient(
  businessId: string,
  overrides: Partial<typeof schema.clients.$inferInsert> = {},
  { basis = "wrote_first" }: { basis?: "wrote_first" | "owner_wrote" | "none" } = {},
) {
  const id = uid("cli");
  const phone = overrides.phone ?? `9725${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  await db()
    .insert(schema.clients)
    .values({ id, businessId, name: "Noa Cohen", ...overrides, phone });
  if (basis !== "none") {
    const at = Date.now() - 30 * 86_400_000;
    await db()
      .insert(schema.contactConsent)
      .values({ businessId, phone, ...(basis === "wrote_first" ? { firstInAt: at } : { firstOutAt: at }) })
      .onConflictDoNothing();
  }
  return id;
}

export async function seedBooking(
  businessId: string,
  clientId: string,
  overrides: Partial<typeof schema.bookings.$inferInsert> = {},
) {
  const id = uid("bkg");
  // On the team's first member's calendar unless the test says whose.
  const [first] = await db()
    .select({ id: schema.members.id })
    .from(schema.members)
    .where(eq(schema.members.businessId, businessId))
    .orderBy(asc(schema.members.position))
    .limit(1);
  await db()
    .insert(schema.bookings)
    .values({
      id,
      businessId,
      clientId,
      service: "Haircut",
      bookingDate: "2030-01-15",
      bookingTime: "10:00",
      memberId: first?.id ?? null,
      ...overrides,
    });
  return id;
}

export async function seedRuleMessage(
  businessId: string,
  bookingId: string,
  message: Partial<typeof schema.scheduledMessages.$inferInsert> = {},
  rule: Partial<typeof schema.rules.$inferInsert> = {},
) {
  const ruleId = uid("rul");
  await db()
    .insert(schema.rules)
    .values({
      id: ruleId,
      businessId,
      groupId: ruleId,
      type: "followup",
      services: ["Haircut"],
      template: "Hi {name}, thanks for your {service} on {date}!",
      scheduleType: "preset",
      scheduleValue: "15",
      ...rule,
    });
  const id = uid("msg");
  await db()
    .insert(schema.scheduledMessages)
    .values({
      id,
      businessId,
      ruleId,
      bookingId,
      sendDate: "2030-01-30",
      sendTime: "10:00",
      sendAt: Date.now() - 1000,
      ...message,
    });
  return { ruleId, messageId: id };
}

export async function messageRow(id: string) {
  return env.DB.prepare("SELECT * FROM scheduled_messages WHERE id = ?").bind(id).first<Record<string, unknown>>();
}
