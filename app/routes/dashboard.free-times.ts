// Add Booking's free times for one service on one day (cookie session): the
// same availability layer as GET /api/availability. A name not in the
// catalogue (the owner may be typing a new one) is an answer, not an error.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/security/signed-in.server";
import { availability } from "~/services/time/salon-time.server";
import { AppError } from "~/utils/problem";
import { AvailabilityQuery } from "~/validation/hours";
import { validate } from "~/validation/parse";

export type FreeTimes = { state: "free"; times: string[] } | { state: "closed" } | { state: "unknown-service" } | { state: "invalid" };

export async function loader({ request, context }: LoaderFunctionArgs): Promise<FreeTimes> {
  const { db, business } = await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  const query = validate(AvailabilityQuery, { service: params.get("service") ?? undefined, from: params.get("date") ?? undefined, days: "1" });
  if (!query.ok || !query.value.from) return { state: "invalid" };
  try {
    const found = await availability(db, business, query.value, Date.now());
    if (found.closed.length) return { state: "closed" };
    return { state: "free", times: found.slots.map((s) => s.time) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { state: "unknown-service" };
    throw error;
  }
}
