// Settings: the "Booking proposals" and "Answer for me" switches (the business's), the
// "Notifications on this phone" switch (this browser's push subscription),
// with "Send a test notification" once it is on, and the list of every device
// that gets the business's notifications, each removable.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useLang, useT, type MessageKey } from "~/i18n";
import { Switch } from "~/components/ui/switch";
import { Toast, useToast } from "~/components/ui/toast";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import type { ActionAnswer } from "~/utils/answer";
import type { PushDevice } from "~/services/push/push.server";
import { base64UrlDecode } from "~/utils/base64";

type PushAnswer = ActionAnswer<"proposals" | "auto-answer" | "push-subscribe" | "push-unsubscribe" | "push-test">;
type Support = "unknown" | "supported" | "unsupported";

const noSubscription = () => () => {};
function pushSupport(): Support {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
    ? "supported"
    : "unsupported";
}

type Props = { proposalsEnabled: boolean; autoAnswer: boolean; vapidPublicKey: string | null; devices: PushDevice[] };

export function NotificationsSection({ proposalsEnabled, autoAnswer, vapidPublicKey, devices }: Props) {
  const t = useT();
  const lang = useLang();
  const { toast, show, hide } = useToast();
  const support = useSyncExternalStore(noSubscription, pushSupport, (): Support => "unknown");

  const proposals = useFetcher<PushAnswer>();
  const sent = proposals.formData?.get("proposals_enabled");
  const proposalsOn = sent ? sent === "on" : proposalsEnabled;
  useFetcherResult(proposals, {
    ok: () => show("success", t(proposalsOn ? "push.proposals.on" : "push.proposals.off")),
    problem: (p) => show("error", t(p.key, p.params)),
  });
  const auto = useFetcher<PushAnswer>();
  const autoSent = auto.formData?.get("auto_answer");
  const autoOn = autoSent ? autoSent === "on" : autoAnswer;
  useFetcherResult(auto, {
    ok: () => show("success", t(autoOn ? "drafts.auto.on" : "drafts.auto.off")),
    problem: (p) => show("error", t(p.key, p.params)),
  });

  // This browser's subscription: undefined until known.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [working, setWorking] = useState(false);
  const [notice, setNotice] = useState<MessageKey | null>(null);
  const pending = useRef<string | null>(null);
  const available = support === "supported" && vapidPublicKey !== null;

  useEffect(() => {
    if (!available) return;
    let live = true;
    navigator.serviceWorker.ready
      .then((registration) => registration.pushManager.getSubscription())
      .then((subscription) => live && setEndpoint(subscription?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, [available]);

  const push = useFetcher<PushAnswer>();
  useFetcherResult(push, {
    ok: (answer) => {
      if (answer.intent === "push-subscribe") {
        setEndpoint(pending.current);
        show("success", t("push.notify.on"));
      } else {
        setEndpoint(null);
        show("success", t("push.notify.off"));
      }
    },
    problem: (p) => show("error", t(p.key, p.params)),
  });
  const test = useFetcher<PushAnswer>();
  useFetcherResult(test, {
    ok: () => show("success", t("push.test.sent")),
    problem: (p) => show("error", t(p.key, p.params)),
  });

  async function turnOn(publicKey: string) {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") return setNotice("push.notify.denied");
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlDecode(publicKey),
    });
    const { keys } = subscription.toJSON();
    pending.current = subscription.endpoint;
    push.submit(
      {
        intent: "push-subscribe",
        endpoint: subscription.endpoint,
        p256dh: keys?.p256dh ?? "",
        auth: keys?.auth ?? "",
        lang,
      },
      { method: "post", action: "/dashboard/settings" },
    );
  }

  async function turnOff() {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.getSubscription();
    const gone = subscription?.endpoint ?? endpoint;
    await subscription?.unsubscribe().catch(() => false);
    if (gone)
      push.submit({ intent: "push-unsubscribe", endpoint: gone }, { method: "post", action: "/dashboard/settings" });
    else setEndpoint(null);
  }

  async function toggleNotifications(on: boolean) {
    if (!vapidPublicKey) return;
    setNotice(null);
    setWorking(true);
    try {
      await (on ? turnOn(vapidPublicKey) : turnOff());
    } catch {
      setNotice("push.notify.failed");
    } finally {
      setWorking(false);
    }
  }

  const busy = working || push.state !== "idle";
  const notificationsOn = Boolean(endpoint);
  const why: MessageKey | null = !vapidPublicKey
    ? "push.notify.unavailable"
    : support === "unsupported"
      ? "push.notify.unsupported"
      : notice;

  return (
    <section className="card" aria-labelledby="push-title" data-testid="push-settings">
      <h2 id="push-title">{t("push.title")}</h2>
      <p className="muted small">{t("push.hint")}</p>
      <div className="switch-row">
        <Switch
          id="proposals-switch"
          label={t("push.proposals.label")}
          hint={t("push.proposals.hint")}
          checked={proposalsOn}
          testId="proposals-switch"
          onChange={(on) =>
            proposals.submit(
              { intent: "proposals", proposals_enabled: on ? "on" : "off" },
              { method: "post", action: "/dashboard/settings" },
            )
          }
        />
      </div>
      <div className="switch-row">
        <Switch
          id="auto-answer-switch"
          label={t("drafts.auto.label")}
          hint={t("drafts.auto.hint")}
          checked={autoOn}
          testId="auto-answer-switch"
          onChange={(on) =>
            auto.submit(
              { intent: "auto-answer", auto_answer: on ? "on" : "off" },
              { method: "post", action: "/dashboard/settings" },
            )
          }
        />
      </div>
      <div className="switch-row">
        <Switch
          id="notify-switch"
          label={t("push.notify.label")}
          hint={t("push.notify.hint")}
          checked={notificationsOn}
          disabled={!available || endpoint === undefined || busy}
          busy={busy}
          alsoDescribedBy={why ? "notify-why" : undefined}
          testId="notify-switch"
          onChange={(on) => void toggleNotifications(on)}
        />
        {why && (
          <p id="notify-why" className="switch-why" role={notice ? "alert" : undefined} data-testid="notify-why">
            {t(why)}
          </p>
        )}
        {busy && <p className="hint">{t("push.notify.working")}</p>}
      </div>
      {notificationsOn && endpoint && (
        <div className="settings-actions">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={test.state !== "idle"}
            onClick={() =>
              test.submit({ intent: "push-test", endpoint }, { method: "post", action: "/dashboard/settings" })
            }
          >
            {test.state !== "idle" ? t("push.test.sending") : t("push.test.button")}
          </button>
        </div>
      )}
      <DeviceList
        devices={devices}
        current={endpoint ?? null}
        onRemoved={(wasThis) => wasThis && setEndpoint(null)}
        show={show}
      />
      <Toast
        toast={toast}
        onHide={hide}
        duration={{ success: 3000, error: 5000 }}
        placement="bottom"
        testId="push-toast"
      />
    </section>
  );
}

const DEVICE_NAMES: Record<PushDevice["service"], MessageKey> = {
  google: "access.devices.google",
  mozilla: "access.devices.mozilla",
  apple: "access.devices.apple",
  windows: "access.devices.windows",
  local: "access.devices.local",
  other: "access.devices.other",
};

type DeviceListProps = {
  devices: PushDevice[];
  current: string | null;
  onRemoved: (wasThisBrowser: boolean) => void;
  show: (kind: "success" | "error", text: string) => void;
};

/** Every device that gets the business's notifications (one a browser that once turned them on), each removable. */
function DeviceList({ devices, current, onRemoved, show }: DeviceListProps) {
  const t = useT();
  const lang = useLang();
  const remove = useFetcher<ActionAnswer<"push-remove">>();
  const removing = remove.state !== "idle" ? String(remove.formData?.get("id") ?? "") : null;
  const removedEndpoint = useRef<string | null>(null);
  useFetcherResult(remove, {
    ok: () => {
      onRemoved(removedEndpoint.current !== null && removedEndpoint.current === current);
      show("success", t("access.devices.removed"));
    },
    problem: (p) => show("error", t(p.key, p.params)),
  });
  const date = (ms: number) =>
    new Intl.DateTimeFormat(lang === "he" ? "he-IL" : "en-GB", { dateStyle: "medium" }).format(ms);

  return (
    <div className="device-list" data-testid="push-devices">
      <h3 className="h3">{t("access.devices.title")}</h3>
      {devices.length === 0 ? (
        <p className="muted small">{t("access.devices.empty")}</p>
      ) : (
        <ul className="plain-list">
          {devices.map((d) => {
            const name = t(DEVICE_NAMES[d.service]);
            const isThis = d.endpoint === current;
            return (
              <li key={d.id} className="row gap-sm wrap device-row" data-testid="push-device">
                <span>
                  <strong>{name}</strong>
                  {isThis && <span className="small muted"> · {t("access.devices.thisOne")}</span>}
                  <br />
                  <span className="small muted">{t("access.devices.since", { date: date(d.since) })}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={t("access.devices.removeLabel", { device: name })}
                  disabled={removing === d.id}
                  onClick={() => {
                    removedEndpoint.current = d.endpoint;
                    remove.submit(
                      { intent: "push-remove", id: d.id },
                      { method: "post", action: "/dashboard/settings" },
                    );
                  }}
                >
                  {t("access.devices.remove")}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
