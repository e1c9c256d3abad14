// Runs a callback once per answer of a fetcher: as soon as its action (or
// load) has answered, not again on re-renders, and not for an answer that was
// already there when the component mounted. An action's answer counts while
// Remix is still reloading the page's data after it (fetcher state "loading"),
// so a piece the reload removes (a deleted row) still hears its answer. A
// null answer counts too (a clientLoader's way to say a load failed).
//
//   useFetcherResult(fetcher, {
//     ok: (data) => show("success", t("sync.serviceAdded")),
//     problem: (problem) => show("error", t(problem.key, problem.params)),
//   });
import { useEffect, useRef } from "react";
import { useLatest } from "./use-latest";
import type { Problem } from "~/utils/problem";

type Fetched<D> = { state: "idle" | "loading" | "submitting"; data: D | undefined };
type Answer = { ok: true } | { ok: false; problem: Problem };
type Handlers<D> = {
  ok?: (data: Extract<D, { ok: true }>) => void;
  problem?: (problem: Problem, data: Extract<D, { ok: false }>) => void;
};

/** Any answer: `onAnswer(data)`. */
export function useFetcherResult<D>(fetcher: Fetched<D>, onAnswer: (data: D) => void): void;
/** An answer in the `{ ok: true, ... } | { ok: false, problem }` shape: one handler per outcome. */
export function useFetcherResult<D extends Answer>(fetcher: Fetched<D>, handlers: Handlers<D>): void;
export function useFetcherResult<D>(fetcher: Fetched<D>, handle: ((data: D) => void) | Handlers<D & Answer>): void {
  const seen = useRef(fetcher.data);
  const latest = useLatest(handle);

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state === "submitting" || data === undefined || data === seen.current) return;
    seen.current = data;
    const current = latest.current;
    if (typeof current === "function") return current(data);
    const answer = data as D & Answer;
    if (answer.ok) current.ok?.(answer as Extract<D & Answer, { ok: true }>);
    else current.problem?.(answer.problem, answer as Extract<D & Answer, { ok: false }>);
  }, [fetcher.state, fetcher.data, latest]);
}
