// The Connect tab's state machine: polls the session (the tab's own loader,
// through a fetcher) every 2 s while it is transitional, which brings the QR
// image while one is on offer, and runs the buttons through the tab's action.
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { isSettled, type WaView } from "~/services/whatsapp/session-view";
import { problem, type Problem } from "~/utils/problem";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import { useLatest } from "~/components/ui/use-latest";
import type {
  ConnectActionResult,
  ConnectIntent,
  ConnectSession,
  QrImage,
} from "~/routes/dashboard._index/connect.server";

const POLL_MS = 2000;
const ACTION = "/dashboard?index";
const CHECK_FAILED = problem("connect.err.checking");

type Polled = { session: ConnectSession | null } | null;

export function useWhatsAppSession(session: ConnectSession | null) {
  const [status, setStatus] = useState<string>(session?.status ?? "disconnected");
  const [me, setMe] = useState<WaView["me"]>(session?.me ?? null);
  const [phone, setPhone] = useState<string | null>(session?.phone ?? null);
  const [waiting, setWaiting] = useState(session?.waiting ?? 0);
  const [qr, setQr] = useState<QrImage | null>(session?.qr ?? null);
  const [error, setError] = useState<Problem | null>(session ? null : CHECK_FAILED);
  const current = useRef(status);
  const held = useRef<number | null>(session?.qr?.version ?? null);
  const beforeConnect = useRef(status);
  const poll = useFetcher<Polled>();
  const act = useFetcher<ConnectActionResult>();

  const applyView = useCallback((v: WaView) => {
    // Leaving the QR state clears the QR image and any error.
    if (current.current === "SCAN_QR_CODE" && v.status !== "SCAN_QR_CODE") setError(null);
    if (v.status !== "SCAN_QR_CODE") {
      held.current = null;
      setQr(null);
    }
    current.current = v.status;
    setStatus(v.status);
    setMe(v.me);
    setPhone(v.phone ?? null);
  }, []);

  const applySession = useCallback(
    (s: ConnectSession | null) => {
      if (!s) return setError(CHECK_FAILED);
      applyView(s);
      setWaiting(s.waiting);
      if (s.qr && s.status === "SCAN_QR_CODE") {
        held.current = s.qr.version;
        setQr(s.qr);
      }
    },
    [applyView],
  );

  // The page's own data: on load, and again after each action (revalidation).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    applySession(session);
  }, [session, applySession]);

  // Poll while transitional.
  const load = useLatest(poll.load);
  useEffect(() => {
    if (isSettled(status)) return;
    const timer = setInterval(() => {
      load.current(`${ACTION}&poll=1${held.current === null ? "" : `&qr=${held.current}`}`);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [status, load]);

  // A poll that never reached the server answers null (the route's clientLoader).
  useFetcherResult(poll, (polled) => applySession(polled ? polled.session : null));

  useFetcherResult(act, (result) => {
    if (result.ok) return applyView(result.view);
    if (result.view) applyView(result.view);
    else if (result.intent === "connect" && current.current === "connecting") {
      // Nothing was created: back to where the owner was, with the reason.
      current.current = beforeConnect.current;
      setStatus(beforeConnect.current);
    }
    setError(result.problem);
  });

  const run = (intent: ConnectIntent) => {
    setError(null);
    act.submit({ intent }, { method: "post", action: ACTION });
  };

  return {
    status,
    me,
    phone,
    error,
    qrUrl: qr?.src ?? null,
    waiting,
    // While the request runs (its answer is applied at once; the page's data reloads after).
    busy: act.state === "submitting",
    connect: () => {
      beforeConnect.current = current.current;
      current.current = "connecting";
      setStatus("connecting");
      run("connect");
    },
    restart: () => run("restart"),
    cancel: () => run("cancel"),
    logout: () => run("logout"),
  };
}
