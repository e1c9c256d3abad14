// Start Sync reads one contact per request, in turn, so the screen can show
// progress ("3 of 12") and each contact's proposals as soon as they are ready.
// The next contact is asked for only once the fetcher is idle: an answer can
// arrive while Remix is still reloading the layout's data after it, and a new
// submission then would abort that reload.
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import type { ScreenContact, SyncActionData } from "~/routes/dashboard.sync/screen.server";

/** The run: the contacts chosen and the one being read. A new object for each contact. */
type Queue = { contacts: ScreenContact[]; index: number };
export type PreviewAnswer = Extract<SyncActionData, { intent: "preview" }>;

export function useSyncRun(onContactDone: (contact: ScreenContact, data: PreviewAnswer | undefined) => void) {
  const fetcher = useFetcher<SyncActionData>({ key: "sync-preview" });
  const [queue, setQueue] = useState<Queue | null>(null);
  /** The queue entry whose request went out. */
  const asked = useRef<Queue | null>(null);
  const { submit, state } = fetcher;

  useEffect(() => {
    if (!queue || asked.current === queue || state !== "idle") return;
    asked.current = queue;
    submit({ intent: "preview", user_id: queue.contacts[queue.index].id }, { method: "post" });
  }, [queue, state, submit]);

  const start = useCallback((contacts: ScreenContact[]) => {
    if (contacts.length) setQueue({ contacts, index: 0 });
  }, []);

  useFetcherResult(fetcher, (data) => {
    if (!queue || asked.current !== queue) return;
    const answer = data.intent === "preview" ? data : undefined;
    onContactDone(queue.contacts[queue.index], answer);
    const next = queue.index + 1;
    // With no services the rest would fail the same way.
    const stop = answer && !answer.ok && answer.problem.key === "sync.hint";
    setQueue(next < queue.contacts.length && !stop ? { ...queue, index: next } : null);
  });

  return {
    running: queue !== null,
    position: queue ? queue.index + 1 : 0,
    total: queue?.contacts.length ?? 0,
    current: queue ? queue.contacts[queue.index] : null,
    start,
  };
}
