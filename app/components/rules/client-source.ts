// The wizard's client list: bookings of the selected services (the Rules
// tab's loader with `?service=`, through a fetcher), de-duplicated and sorted
// by name. With no service chosen, or when that load fails, all clients.
import { useFetcher } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { useLatest } from "~/components/ui/use-latest";
import type { ScreenCandidate as Candidate } from "~/routes/dashboard.rules/rules.server";
import type { Candidate as Booked } from "~/services/rules/candidates.server";

export type { Candidate };

/** A candidate's identity: its booking id, or else name and number together. */
export function candidateKey(c: Booked) {
  return c.booking_id ? String(c.booking_id) : `${c.sender_name}|${c.sender_number}`;
}

export function mergeCandidates<C extends Booked>(lists: C[][]): C[] {
  const byKey = new Map<string, C>();
  for (const list of lists) for (const c of list) if (!byKey.has(candidateKey(c))) byKey.set(candidateKey(c), c);
  return [...byKey.values()].sort(
    (a, b) => (a.sender_name || "").localeCompare(b.sender_name || "") || a.booking_date.localeCompare(b.booking_date),
  );
}

/** The tab's loader answer for `?service=`; null when the load failed (see the route's clientLoader). */
type ByService = { clients: Candidate[]; optedOut?: number } | null;

/** The clients for the chosen services; `loaded` (all bookable clients) is what the page came with. */
export function useCandidates(services: string[], loaded: Candidate[], loadedOptedOut = 0) {
  const fetcher = useFetcher<ByService>();
  const load = useLatest(fetcher.load);

  const key = JSON.stringify(services);
  useEffect(() => {
    const chosen: string[] = JSON.parse(key);
    if (chosen.length) load.current(`/dashboard/rules?${new URLSearchParams(chosen.map((s) => ["service", s]))}`);
  }, [key, load]);

  const failed = services.length > 0 && fetcher.data === null;
  useEffect(() => {
    if (failed) console.warn("Loading clients by service failed; showing all clients.");
  }, [failed]);

  // Until the first answer, and when it failed: all clients. While a new choice loads, the last answer stays.
  const byService = services.length > 0 && fetcher.data ? fetcher.data.clients : null;
  const candidates = useMemo(() => mergeCandidates([byService ?? loaded]), [byService, loaded]);
  // How many the list leaves out because they opted out (number safety), for the same services.
  const optedOut = services.length > 0 && fetcher.data ? (fetcher.data.optedOut ?? 0) : loadedOptedOut;
  return { candidates, loading: services.length > 0 && fetcher.state !== "idle", optedOut };
}
