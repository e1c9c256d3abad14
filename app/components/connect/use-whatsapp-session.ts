// The Connect tab's state machine: polls the session every 2 s while it is
// transitional, fetches the QR while one is on offer, and runs the actions.
import { useCallback, useEffect, useRef, useState } from "react";
import type { WaView } from "~/services/whatsapp/status";
import { isSettled } from "~/services/whatsapp/status";

export const POLL_MS = 2000;

type Me = WaView["me"];
/** The session as the screen holds it: the view plus the due messages waiting for WhatsApp. */
export type SessionView = WaView & { waiting?: number };
/** An error the server explained with a message key (e.g. a gateway too old). */
export type KeyedError = { key: string; params: Record<string, string> };

export function useWhatsAppSession(businessId: string, initial: SessionView | null) {
  const [status, setStatus] = useState<string>(initial?.status ?? "disconnected");
  const [me, setMe] = useState<Me>(initial?.me ?? null);
  const [phone, setPhone] = useState<string | null>(initial?.phone ?? null);
  const [error, setError] = useState<string | KeyedError | null>(initial ? null : "Error checking session");
  const [waiting, setWaiting] = useState(initial?.waiting ?? 0);
  const [qrUrl, setQrUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const held = useRef<{ url: string; version: number } | null>(null);
  const view = useRef<WaView | null>(initial);
  const base = `/api/sessions/${encodeURIComponent(businessId)}`;

  const clearQr = useCallback(() => {
    if (held.current) URL.revokeObjectURL(held.current.url);
    held.current = null;
    setQrUrl(null);
  }, []);

  const applyView = useCallback((v: SessionView) => {
    view.current = v;
    setStatus(v.status);
    setMe(v.me);
    setPhone(v.phone ?? null);
    if (typeof v.waiting === "number") setWaiting(v.waiting);
  }, []);

  const checkStatus = useCallback(async () => {
    try {
      const res = await fetch(base, { headers: { Accept: "application/json" } });
      if (res.status === 404) return applyView({ status: "no-session", me: null, phone: null, hasQr: false, qrVersion: 0 });
      if (!res.ok) throw new Error();
      applyView(await res.json());
    } catch {
      setError("Error checking session");
    }
  }, [applyView, base]);

  const fetchQr = useCallback(async () => {
    const v = view.current;
    if (!v || v.status !== "SCAN_QR_CODE") return;
    if (held.current && v.hasQr && held.current.version === v.qrVersion) return;
    const res = await fetch(`/api/${encodeURIComponent(businessId)}/auth/qr`).catch(() => null);
    if (!res?.ok) return;
    const url = URL.createObjectURL(await res.blob());
    if (held.current) URL.revokeObjectURL(held.current.url);
    held.current = { url, version: v.qrVersion + (v.hasQr ? 0 : 1) };
    setQrUrl(url);
  }, [businessId]);

  // Poll while transitional.
  useEffect(() => {
    if (isSettled(status)) return;
    const timer = setInterval(async () => {
      await checkStatus();
      await fetchQr();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [status, checkStatus, fetchQr]);

  // Entering the QR state fetches the image at once; leaving it clears the image and any error.
  useEffect(() => {
    if (status === "SCAN_QR_CODE") void fetchQr();
    else clearQr();
    if (status !== "SCAN_QR_CODE") return;
    return () => setError(null);
  }, [status, fetchQr, clearQr]);

  useEffect(() => () => clearQr(), [clearQr]);

  const run = useCallback(
    async (fallback: string, request: () => Promise<Response>, after?: () => void) => {
      setBusy(true);
      setError(null);
      try {
        const res = await request();
        const data = (await res.json().catch(() => ({}))) as Partial<WaView> & { detail?: string; key?: string; params?: Record<string, string> };
        if (!res.ok && data.key) return setError({ key: data.key, params: data.params ?? {} });
        if (!res.ok) throw new Error(data.detail || fallback);
        if (data.status) applyView(data as WaView);
        after?.();
      } catch (e) {
        setError(e instanceof Error && e.message ? e.message : fallback);
      } finally {
        setBusy(false);
      }
    },
    [applyView],
  );

  const post = (url: string, body?: unknown) =>
    fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined });

  return {
    status, me, phone, error, qrUrl, busy, waiting,
    connect: () => {
      setStatus("connecting");
      return run("Failed to create session", () => post("/api/sessions", { name: businessId, start: false }), () => void checkStatus());
    },
    restart: () => run("Failed to restart session", () => post(`${base}/restart`)),
    cancel: () => run("Failed to delete session", () => fetch(base, { method: "DELETE" }), clearQr),
    logout: () => run("Failed to logout", () => fetch(`${base}?reason=logout`, { method: "DELETE" }), clearQr),
  };
}
