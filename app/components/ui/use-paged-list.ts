// A keyset-paged list with "Load more": the loader gives the first page (a
// new loader answer, after a search or a reload, starts the list over), each
// "Load more" fetches the page after the cursor and appends the rows not
// already shown. The screen may patch rows in place (setItems) so loaded pages
// survive an edit.
//
//   const list = usePagedList(data, (d) => ({ items: d.clients, next: d.next_cursor }));
//   list.loadMore((cursor) => `/dashboard/clients?${params}&cursor=${cursor}`);
import { useFetcher } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useFetcherResult } from "./use-fetcher-result";

export type Page<T> = { items: T[]; next: string | null };

/**
 * `first` is the loader's answer; `pageOf` picks the rows and the next cursor
 * out of it or out of a "Load more" answer (null when the answer is not a page).
 */
export function usePagedList<T extends { id: string }, D>(first: D, pageOf: (data: D) => Page<T> | null) {
  const more = useFetcher<D>();
  const [items, setItems] = useState<T[]>(() => pageOf(first)?.items ?? []);
  const [next, setNext] = useState<string | null>(() => pageOf(first)?.next ?? null);

  // A new loader answer starts the list over (set while rendering, as React
  // advises for state that follows a prop, so the old rows never flash).
  const [from, setFrom] = useState(first);
  if (from !== first) {
    setFrom(first);
    const page = pageOf(first);
    setItems(page?.items ?? []);
    setNext(page?.next ?? null);
  }

  useFetcherResult(more, (data) => {
    const page = pageOf(data as D);
    if (!page) return;
    setItems((shown) => {
      const ids = new Set(shown.map((row) => row.id));
      return [...shown, ...page.items.filter((row) => !ids.has(row.id))];
    });
    setNext(page.next);
  });

  const load = more.load;
  const loadMore = useCallback(
    (href: (cursor: string) => string) => {
      if (next) load(href(next));
    },
    [next, load],
  );

  return { items, setItems, next, loadingMore: more.state !== "idle", loadMore };
}
