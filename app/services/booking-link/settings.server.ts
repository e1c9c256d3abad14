// The booking link's settings on the business: the slug (unique across
// businesses), the page's switch, the hold time and whether the owner
// confirms. GET /api/settings also answers a suggested slug from the name.
import { and, eq, ne } from "drizzle-orm";
import { schema, type Db } from "~db";
import { AppError } from "~/utils/problem";
import type { BookingLinkPatchInput } from "~/validation/booking-link";
import { hasWhatsAppNumber, type NumberBusiness } from "./public.server";
import { slugFrom, SLUG_MAX } from "./slug";

type Business = typeof schema.businesses.$inferSelect;
type LinkBusiness = Pick<
  Business,
  "id" | "name" | "bookingSlug" | "bookingPageEnabled" | "bookingHoldMinutes" | "bookingOwnerConfirms"
>;

export type BookingLinkSettings = {
  booking_slug: string | null;
  booking_page_enabled: boolean;
  booking_hold_minutes: number;
  booking_owner_confirms: boolean;
};

export function bookingLinkOf(business: LinkBusiness): BookingLinkSettings {
  return {
    booking_slug: business.bookingSlug,
    booking_page_enabled: business.bookingPageEnabled && business.bookingSlug !== null,
    booking_hold_minutes: business.bookingHoldMinutes,
    booking_owner_confirms: business.bookingOwnerConfirms,
  };
}

/** The page's address while it is on (`origin`: the app's, e.g. APP_URL), else null. */
export function bookingPageUrl(
  origin: string,
  business: Pick<Business, "bookingSlug" | "bookingPageEnabled">,
): string | null {
  return business.bookingPageEnabled && business.bookingSlug
    ? `${origin.replace(/\/+$/, "")}/b/${business.bookingSlug}`
    : null;
}

async function slugTaken(db: Db, slug: string, exceptId: string): Promise<boolean> {
  const b = schema.businesses;
  const rows = await db
    .select({ id: b.id })
    .from(b)
    .where(and(eq(b.bookingSlug, slug), ne(b.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** A free slug from the business name (or `base`): the name's slug, else it with -2, -3... ("" when the name gives none). */
export async function suggestSlug(
  db: Db,
  business: Pick<Business, "id" | "name">,
  base = slugFrom(business.name),
): Promise<string> {
  if (!base) return "";
  for (let n = 1; n < 50; n++) {
    const tail = n === 1 ? "" : `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - tail.length).replace(/-+$/, "")}${tail}`;
    if (!(await slugTaken(db, candidate, business.id))) return candidate;
  }
  return "";
}

/**
 * Checks a patch before anything is saved: a slug another business has is a
 * 409 naming a free one; turning the page on without a slug is a 400, and so
 * is turning it on with no WhatsApp number for customers to confirm on (none
 * connected, no business phone): its confirm link would open WhatsApp to
 * nobody. A page already on stays on (saving its other settings is not
 * refused); it takes requests the owner confirms until a number is back.
 */
export async function checkBookingLink(
  env: Env,
  db: Db,
  business: LinkBusiness & NumberBusiness,
  patch: BookingLinkPatchInput,
  phone: Pick<Business, "phone" | "country"> = business,
): Promise<void> {
  const slug = patch.booking_slug === undefined ? business.bookingSlug : patch.booking_slug || null;
  if (patch.booking_page_enabled && !slug) throw new AppError(400, "booklink.err.noSlug");
  if (
    patch.booking_page_enabled &&
    !business.bookingPageEnabled &&
    !(await hasWhatsAppNumber(env, { id: business.id, ...phone }))
  )
    throw new AppError(400, "booklink.err.noNumber");
  if (patch.booking_slug && (await slugTaken(db, patch.booking_slug, business.id)))
    throw new AppError(409, "booklink.err.slugTaken", {
      suggestion: await suggestSlug(db, business, patch.booking_slug),
    });
}

/** Saves what was sent (checked by checkBookingLink first). A slug taken in the meantime is the same 409 (the unique index). */
export async function updateBookingLink(
  db: Db,
  business: LinkBusiness,
  patch: BookingLinkPatchInput,
): Promise<BookingLinkSettings> {
  const set: Partial<typeof schema.businesses.$inferInsert> = {};
  if (patch.booking_slug !== undefined) set.bookingSlug = patch.booking_slug || null;
  if (patch.booking_page_enabled !== undefined) set.bookingPageEnabled = patch.booking_page_enabled;
  if (patch.booking_hold_minutes !== undefined) set.bookingHoldMinutes = patch.booking_hold_minutes;
  if (patch.booking_owner_confirms !== undefined) set.bookingOwnerConfirms = patch.booking_owner_confirms;
  // Clearing the slug turns the page off.
  if (set.bookingSlug === null) set.bookingPageEnabled = false;
  const next = { ...business, ...set } as LinkBusiness;
  if (Object.keys(set).length) {
    try {
      await db.update(schema.businesses).set(set).where(eq(schema.businesses.id, business.id));
    } catch (error) {
      if (patch.booking_slug && /UNIQUE/i.test(String(error)))
        throw new AppError(409, "booklink.err.slugTaken", {
          suggestion: await suggestSlug(db, business, patch.booking_slug),
        });
      throw error;
    }
  }
  return bookingLinkOf(next);
}
