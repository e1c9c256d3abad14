// Start Sync reads one contact per request, in turn, so the screen can show
// progress ("3 of 12") and each contact's proposals as soon as they are ready.
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ScreenContact, SyncActionData } from "~/services/sync/screen.server";

type Queue = { contacts: ScreenContact[]; index: number };

export function useSyncRun(onContactDone: (contact: ScreenContact, data: SyncActionData | undefined) => void) {
  const fetcher = useFetcher<SyncActionData>({ key: "sync-preview" });
  const [queue, setQueue] = useState<Queue | null>(null);
  const handled = useRef<unknown>(undefined);
  const submitFor = fetcher.submit;

  const start = useCallback((contacts: ScreenContact[]) => {
    if (!contacts.length) return;
    handled.current = fetcher.data;
    setQueue({ contacts, index: 0 });
    submitFor({ intent: "preview", user_id: contacts[0].id }, { method: "post" });
  }, [fetcher.data, submitFor]);

  useEffect(() => {
    if (!queue || fetcher.state !== "idle" || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    const data = fetcher.data?.intent === "preview" ? fetcher.data : undefined;
    onContactDone(queue.contacts[queue.index], data);
    const next = queue.index + 1;
    // With no services the rest would fail the same way.
    const stop = data && !data.ok && data.code === "noServices";
    if (next < queue.contacts.length && !stop) {
      setQueue({ ...queue, index: next });
      submitFor({ intent: "preview", user_id: queue.contacts[next].id }, { method: "post" });
    } else {
      setQueue(null);
    }
  }, [queue, fetcher.state, fetcher.data, onContactDone, submitFor]);

  return {
    running: queue !== null,
    position: queue ? queue.index + 1 : 0,
    total: queue?.contacts.length ?? 0,
    current: queue ? queue.contacts[queue.index] : null,
    start,
  };
}
