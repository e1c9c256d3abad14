// The latest value of a prop or callback, for effects and listeners that must
// not start over when it changes (an inline onClose, a fetcher's load). It is
// updated after each render, before any effect of that render runs.
//
//   const onCloseRef = useLatest(onClose);
//   useEffect(() => { ... onCloseRef.current() ... }, []);
import { useEffect, useLayoutEffect, useRef, type MutableRefObject } from "react";

// useLayoutEffect warns when rendered on the server, where nothing runs anyway.
const useBeforeEffects = typeof document === "undefined" ? useEffect : useLayoutEffect;

export function useLatest<T>(value: T): Readonly<MutableRefObject<T>> {
  const ref = useRef(value);
  useBeforeEffects(() => {
    ref.current = value;
  });
  return ref;
}
