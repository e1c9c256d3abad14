// The wizard's client list: bookings of the selected services (the Rules
// tab's loader with `?service=`, through a fetcher), de-duplicated and sorted
// by name. With no service chosen, or when that load fails, all clients.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
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

/** The tab's loader answer for `?service=`; null when the load failed (see the route's clientLoader). */
type ByService = { clients: Candidate[] } | null;

/** The clients for the chosen services; `loaded` (all bookable clients) is what the page came with. */
export function useCandidates(services: string[], loaded: Candidate[]) {
  const fetcher = useFetcher<ByService>();
  const [candidates, setCandidates] = useState(() => mergeCandidates([loaded]));
  const wanted = useRef(false);
  const load = useRef(fetcher.load);
  load.current = fetcher.load;

  const key = JSON.stringify(services);
  useEffect(() => {
    wanted.current = services.length > 0;
    if (!wanted.current) return setCandidates(mergeCandidates([loaded]));
    load.current(`/dashboard/rules?${new URLSearchParams(services.map((s) => ["service", s]))}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (fetcher.data === undefined || !wanted.current) return;
    if (!fetcher.data) console.warn("Loading clients by service failed; showing all clients.");
    setCandidates(mergeCandidates([fetcher.data ? fetcher.data.clients : loaded]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  return { candidates, loading: services.length > 0 && fetcher.state !== "idle" };
}
