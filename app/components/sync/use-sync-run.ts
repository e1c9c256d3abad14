// Start Sync reads one contact per request, in turn, so the screen can show
// progress ("3 of 12") and each contact's proposals as soon as they are ready.
import { useFetcher } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import type { ScreenContact, SyncActionData } from "~/routes/dashboard.sync/screen.server";

type Queue = { contacts: ScreenContact[]; index: number };
export type PreviewAnswer = Extract<SyncActionData, { intent: "preview" }>;

export function useSyncRun(onContactDone: (contact: ScreenContact, data: PreviewAnswer | undefined) => void) {
  const fetcher = useFetcher<SyncActionData>({ key: "sync-preview" });
  const [queue, setQueue] = useState<Queue | null>(null);
  const submit = fetcher.submit;
  const read = useCallback((contact: ScreenContact) => submit({ intent: "preview", user_id: contact.id }, { method: "post" }), [submit]);

  const start = useCallback((contacts: ScreenContact[]) => {
    if (!contacts.length) return;
    setQueue({ contacts, index: 0 });
    read(contacts[0]);
  }, [read]);

  useFetcherResult(fetcher, (data) => {
    if (!queue) return;
    const answer = data.intent === "preview" ? data : undefined;
    onContactDone(queue.contacts[queue.index], answer);
    const next = queue.index + 1;
    // With no services the rest would fail the same way.
    const stop = answer && !answer.ok && answer.problem.key === "sync.hint";
    if (next < queue.contacts.length && !stop) {
      setQueue({ ...queue, index: next });
      read(queue.contacts[next]);
    } else {
      setQueue(null);
    }
  });

  return {
    running: queue !== null,
    position: queue ? queue.index + 1 : 0,
    total: queue?.contacts.length ?? 0,
    current: queue ? queue.contacts[queue.index] : null,
    start,
  };
}
