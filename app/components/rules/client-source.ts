// The wizard's client list: bookings of the selected services, merged across
// services, de-duplicated and sorted by name. Falls back to all clients.
import type { Candidate } from "~/services/rules/candidates.server";

export type { Candidate };

/** A candidate's identity: its booking id, or else name and number together. */
export function candidateKey(c: Candidate) {
  return c.booking_id ? String(c.booking_id) : `${c.sender_name}|${c.sender_number}`;
}

export function mergeCandidates(lists: Candidate[][]): Candidate[] {
  const byKey = new Map<string, Candidate>();
  for (const list of lists) for (const c of list) if (!byKey.has(candidateKey(c))) byKey.set(candidateKey(c), c);
  return [...byKey.values()].sort(
    (a, b) => (a.sender_name || "").localeCompare(b.sender_name || "") || a.booking_date.localeCompare(b.booking_date),
  );
}

async function fetchCandidates(service?: string): Promise<Candidate[]> {
  const query = service ? `?service=${encodeURIComponent(service)}` : "";
  const res = await fetch(`/api/rules/users/by-service${query}`, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`by-service answered ${res.status}`);
  const body = (await res.json()) as { bookings?: Candidate[] };
  if (!Array.isArray(body.bookings)) throw new Error("by-service answered no bookings");
  return body.bookings;
}

/** One call per service; when any fails, all bookable clients; when that fails too, what the page loaded. */
export async function loadCandidates(services: string[], loaded: Candidate[]): Promise<Candidate[]> {
  if (services.length === 0) return mergeCandidates([loaded]);
  try {
    return mergeCandidates(await Promise.all(services.map((s) => fetchCandidates(s))));
  } catch (error) {
    console.warn("Loading clients by service failed; showing all clients.", error);
    try {
      return mergeCandidates([await fetchCandidates()]);
    } catch {
      return mergeCandidates([loaded]);
    }
  }
}
