// Create Follow-up Rule: five steps, Back and Next, Send on the last (the
// Rules tab's action, intent "create", through a fetcher).
import { useFetcher } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useT, type Lang, type MessageKey } from "~/i18n";
import { DUE_FALLBACK_DAYS, type RuleType } from "~/services/rules/schedule";
import { refusalToast, type RulesAnswer } from "./answer";
import { candidateKey, useCandidates, type Candidate } from "./client-source";
import { Modal } from "~/components/ui/modal";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import {
  ClientsStep,
  MessageStep,
  scheduleReady,
  ScheduleStep,
  ServicesStep,
  TypeStep,
  type ScheduleState,
} from "./wizard-steps";

const STEPS: MessageKey[] = [
  "wizard.step.type",
  "wizard.step.service",
  "wizard.step.clients",
  "wizard.step.message",
  "wizard.step.schedule",
];

type Props = {
  services: string[];
  clients: Candidate[];
  /** Clients left out because they opted out of automatic messages (the wizard says how many). */
  optedOut?: number;
  today: string;
  timeZone: string;
  sendTime: string;
  /** The language of the business's WhatsApp texts (the confirmation line in the preview). */
  messageLang: Lang;
  quietHours: { start: string; end: string };
  onClose: () => void;
  onDone: (kind: "success" | "error", text: string) => void;
};

const noSchedule: ScheduleState = { choice: "", customDate: "", customTime: "", customDays: "" };

function browserToday() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** Mounted only while open, so closing it (for any reason) resets it. */
export function RuleWizard({
  services,
  clients,
  optedOut: optedOutAll = 0,
  today,
  timeZone,
  sendTime,
  messageLang,
  quietHours,
  onClose,
  onDone,
}: Props) {
  const t = useT();
  const [step, setStep] = useState(0);
  const [type, setType] = useState<RuleType | "">("");
  const [chosenServices, setChosenServices] = useState<string[]>([]);
  const { candidates, loading, optedOut } = useCandidates(chosenServices, clients, optedOutAll);
  const [chosenClients, setChosenClients] = useState<string[]>([]);
  const [template, setTemplate] = useState(() => t("wizard.message.default"));
  const [schedule, setSchedule] = useState<ScheduleState>(noSchedule);
  // null: the type's default (reminders ask, follow-ups do not) until the owner flips the switch.
  const [askChoice, setAskChoice] = useState<boolean | null>(null);
  const ask = askChoice ?? type === "reminder";
  const creator = useFetcher<RulesAnswer>();
  // Only while the request runs: its answer closes the wizard (or re-enables Send) while the list reloads.
  const sending = creator.state === "submitting";

  // Choosing services reloads the client list (useCandidates) and clears the chosen clients.
  const chooseServices = (next: string[]) => {
    if (JSON.stringify(next) === JSON.stringify(chosenServices)) return;
    setChosenServices(next);
    setChosenClients([]);
  };

  // Send's answer: the spec's toasts, the server's reason in the reader's language.
  useFetcherResult(creator, {
    ok: (result) => {
      onDone("success", t("rules.toast.created", { n: result.count }));
      onClose();
    },
    problem: (refused) => onDone("error", refusalToast(t, refused, "rules.toast.createFailed")),
  });

  // A reminder can only go to an appointment still ahead.
  const visible = useMemo(
    () => (type === "reminder" ? candidates.filter((c) => c.booking_date >= today) : candidates),
    [candidates, type, today],
  );
  const visibleKeys = useMemo(() => new Set(visible.map(candidateKey)), [visible]);
  const selectedClients = visible.filter((c) => chosenClients.includes(candidateKey(c)));

  const ready = [
    type !== "",
    chosenServices.length > 0,
    selectedClients.length > 0,
    template.trim().length > 0,
    scheduleReady(schedule),
  ][step];

  const chooseType = (v: RuleType) => {
    if (v !== type) setSchedule(noSchedule);
    setType(v);
    setChosenClients((keys) => keys.filter((k) => visibleKeys.has(k)));
  };

  function send() {
    if (!type || sending) return;
    const custom = schedule.choice === "custom";
    const due = schedule.choice === "due";
    // The fields of POST /api/rules/create, as a form: lists as repeated fields (validation/rules.ts).
    const form = new URLSearchParams({
      intent: "create",
      type,
      template,
      schedule_type: custom ? "custom" : due ? "due" : "preset",
      schedule_value: custom ? schedule.customDays : due ? String(DUE_FALLBACK_DAYS) : schedule.choice,
      customDate: custom ? schedule.customDate : "",
      customTime: custom ? schedule.customTime : "",
      ask_confirmation: String(ask),
    });
    for (const service of chosenServices) form.append("services", service);
    for (const client of selectedClients) form.append("booking_id", client.booking_id);
    creator.submit(form, { method: "post", action: "/dashboard/rules" });
  }

  const last = step === STEPS.length - 1;
  return (
    <Modal
      title={t("wizard.title")}
      onClose={onClose}
      locked={sending}
      closeLabel={t("rules.close")}
      className="modal-wizard"
      testId="rule-wizard"
      footer={
        <div className="row between wizard-nav">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => setStep((s) => s - 1)}
            disabled={step === 0 || sending}
          >
            {t("wizard.back")}
          </button>
          {last ? (
            <button type="button" className="btn btn-primary" onClick={send} disabled={!ready || sending}>
              {sending ? t("wizard.sending") : t("wizard.send")}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => setStep((s) => s + 1)} disabled={!ready}>
              {t("wizard.next")}
            </button>
          )}
        </div>
      }
    >
      <div className="wizard-progress">
        <p className="wizard-step-name" id="wizard-step-name">
          {t("wizard.progress", { n: step + 1, step: t(STEPS[step]) })}
        </p>
        <div
          className="progress"
          role="progressbar"
          aria-labelledby="wizard-step-name"
          aria-valuemin={1}
          aria-valuemax={5}
          aria-valuenow={step + 1}
        >
          <div className="progress-fill" style={{ inlineSize: `${((step + 1) / STEPS.length) * 100}%` }} />
        </div>
      </div>
      <section className="wizard-step" key={step} aria-labelledby="wizard-step-name">
        {step === 0 && <TypeStep value={type} onChange={chooseType} />}
        {step === 1 && <ServicesStep services={services} selected={chosenServices} onChange={chooseServices} />}
        {step === 2 && (
          <ClientsStep
            candidates={visible}
            loading={loading}
            selected={chosenClients.filter((k) => visibleKeys.has(k))}
            onChange={setChosenClients}
            upcomingOnly={type === "reminder"}
          />
        )}
        {step === 2 && optedOut > 0 && (
          <p className="muted small" data-testid="wizard-opted-out">
            {optedOut === 1 ? t("safety.wizard.optedOutOne") : t("safety.wizard.optedOutMany", { n: optedOut })}
          </p>
        )}
        {step === 3 && (
          <MessageStep
            template={template}
            onChange={setTemplate}
            services={chosenServices}
            sampleDate={today}
            ask={ask}
            onAskChange={setAskChoice}
            messageLang={messageLang}
          />
        )}
        {step === 4 && type && (
          <ScheduleStep
            type={type}
            value={schedule}
            onChange={setSchedule}
            minDate={browserToday()}
            sendTime={sendTime}
            timeZone={timeZone}
            quietHours={quietHours}
          />
        )}
      </section>
    </Modal>
  );
}
