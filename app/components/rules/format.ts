// How rules read on screen: statuses (the spec's derivation), schedules, dates.
import type { MessageKey, Translate } from "~/i18n";
import type { RuleGroup } from "~/services/rules/rules.server";
import { formatDateGB } from "~/services/templates";

// "manual": waits for the owner to send it from the phone (number safety).
export type StatusKey = "scheduled" | "sent" | "failed" | "cancelled" | "manual";

/** A client's status: 'canceled' is Cancelled, empty is Scheduled, anything else unknown keeps its name. */
export function clientStatusOf(value: string | null | undefined): StatusKey | { other: string } {
  const v = (value ?? "").trim().toLowerCase();
  if (!v || v === "scheduled" || v === "queued" || v === "sending") return "scheduled";
  if (v === "canceled" || v === "cancelled") return "cancelled";
  if (v === "sent" || v === "failed" || v === "manual") return v;
  return { other: v.charAt(0).toUpperCase() + v.slice(1) };
}

/** No clients: Scheduled; all Sent: Sent; else any Failed: Failed; else all Cancelled: Cancelled; else Scheduled. */
export function overallStatus(statuses: (string | null | undefined)[]): StatusKey {
  if (statuses.length === 0) return "scheduled";
  const keys = statuses.map(clientStatusOf);
  if (keys.every((k) => k === "sent")) return "sent";
  if (keys.some((k) => k === "failed")) return "failed";
  if (keys.every((k) => k === "cancelled")) return "cancelled";
  return "scheduled";
}

export const badgeClass: Record<StatusKey, string> = {
  scheduled: "badge-amber",
  sent: "badge-green",
  failed: "badge-red",
  cancelled: "badge-grey",
  manual: "badge-blue",
};

export function statusLabel(t: Translate, status: StatusKey | { other: string }) {
  return typeof status === "string" ? t(`rules.status.${status}` as MessageKey) : status.other;
}

type ScheduleFields = Pick<
  RuleGroup,
  "type" | "schedule_type" | "schedule_value" | "custom_date" | "custom_time" | "schedule_label"
>;

export function describeSchedule(t: Translate, rule: ScheduleFields): string {
  if (rule.schedule_type === "custom" && rule.custom_date) {
    return t("rules.schedule.custom", {
      when: ltr(`${formatDateGB(rule.custom_date)} ${rule.custom_time ?? ""}`.trim()),
    });
  }
  const n = Number(rule.schedule_value);
  if (!Number.isInteger(n) || n <= 0) return rule.schedule_label;
  if (rule.schedule_type === "due") return t("rules.schedule.due", { n });
  const dir = rule.type === "reminder" ? "before" : "after";
  return n === 1 ? t(`rules.schedule.${dir}.one` as MessageKey) : t(`rules.schedule.${dir}.many` as MessageKey, { n });
}

export function clientsCount(t: Translate, n: number) {
  return n === 1 ? t("rules.clients.one") : t("rules.clients.many", { n });
}

/** ISO instant -> "dd/mm/yyyy HH:MM" in the viewer's zone. */
export function formatCreated(iso: string, lang: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = d.toLocaleDateString("en-GB");
  const time = d.toLocaleTimeString(lang === "he" ? "he-IL" : "en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  });
  return ltr(`${date} ${time}`);
}

/** Keeps "dd/mm/yyyy HH:MM" in reading order inside right-to-left text (Unicode isolates). */
function ltr(text: string) {
  return `\u2066${text}\u2069`;
}

export { formatDateGB };
