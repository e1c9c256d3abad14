// One service chip: normal, showing edit/delete (hover, keyboard focus, or a
// tap on touch screens), or editing inline with save and cancel.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useT } from "~/i18n";
import type { SyncActionData } from "~/services/sync/screen.server";
import { checkServiceName, serviceKey } from "~/services/catalogue/service-name";
import { CloseIcon, PencilIcon, TickIcon, TrashIcon } from "./sync-icons";
import type { Notify } from "./toast";
import { serviceError } from "./service-errors";

type Props = {
  item: { id: string; service: string };
  otherKeys: Set<string>;
  open: boolean;
  editing: boolean;
  onOpen(open: boolean): void;
  onEdit(editing: boolean): void;
  onDeleted(): void;
  notify: Notify;
};

export function ServiceChip({ item, otherKeys, open, editing, onOpen, onEdit, onDeleted, notify }: Props) {
  const t = useT();
  const fetcher = useFetcher<SyncActionData>();
  const [draft, setDraft] = useState(item.service);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const nameButton = useRef<HTMLButtonElement>(null);
  const handled = useRef<unknown>(null);
  const wasEditing = useRef(false);
  const byKeyboard = useRef(false);

  useEffect(() => {
    if (editing) input.current?.focus();
    else if (wasEditing.current) nameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  // Reacts as soon as the answer arrives, before the list reloads: a deleted
  // chip unmounts with the reload.
  useEffect(() => {
    const data = fetcher.data;
    if (!data || data === handled.current) return;
    handled.current = data;
    if (data.intent === "service-update") {
      if (data.ok) {
        notify(t("sync.serviceUpdated"));
        onEdit(false);
      } else if (data.code === "notFound") {
        onEdit(false);
      } else {
        setError(serviceError(t, data.code, data.name));
      }
    } else if (data.intent === "service-delete" && data.ok) {
      notify(t("sync.serviceDeleted"));
      if (byKeyboard.current) onDeleted();
    }
  }, [fetcher.data, notify, onEdit, onDeleted, t]);

  const reloading = fetcher.state !== "idle";
  const last = fetcher.data;
  if (reloading && (fetcher.formData?.get("intent") === "service-delete" || (last?.intent === "service-delete" && last.ok))) return null;
  const name = reloading && last?.intent === "service-update" && last.ok ? last.name : item.service;

  function save(event: FormEvent) {
    event.preventDefault();
    const checked = checkServiceName(draft);
    if (!checked.ok) return setError(serviceError(t, checked.error));
    if (checked.key === serviceKey(item.service) && checked.name === item.service) return onEdit(false);
    if (otherKeys.has(checked.key)) return setError(serviceError(t, "duplicate", checked.name));
    setError(null);
    fetcher.submit({ intent: "service-update", id: item.id, service: draft }, { method: "post" });
  }

  if (editing) {
    const errorId = `service-edit-error-${item.id}`;
    return (
      <li className="chip chip-editing">
        <form className="chip-edit" onSubmit={save} noValidate>
          <input
            ref={input}
            className={`input chip-input${error ? " invalid" : ""}`}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") {
                e.preventDefault();
                onEdit(false);
              }
            }}
            aria-label={t("sync.editName", { name: item.service })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            maxLength={200}
          />
          <button type="submit" className="chip-btn chip-btn-ok" aria-label={t("sync.save")} disabled={fetcher.state !== "idle"}>
            <TickIcon />
          </button>
          <button type="button" className="chip-btn" aria-label={t("sync.cancel")} onClick={() => onEdit(false)}>
            <CloseIcon />
          </button>
        </form>
        {error && <p id={errorId} className="chip-error" role="alert">{error}</p>}
      </li>
    );
  }

  return (
    <li className="chip" data-open={open || undefined}>
      <button ref={nameButton} type="button" className="chip-name" aria-expanded={open} onClick={() => onOpen(!open)}>
        {name}
      </button>
      <span className="chip-actions">
        <button
          type="button"
          className="chip-btn"
          aria-label={t("sync.editService", { name: item.service })}
          onClick={() => {
            setDraft(item.service);
            setError(null);
            onEdit(true);
          }}
        >
          <PencilIcon size={16} />
        </button>
        <button
          type="button"
          className="chip-btn chip-btn-danger"
          aria-label={t("sync.deleteService", { name: item.service })}
          onClick={(e) => {
            // A keyboard "click" has no pointer detail; only then move the focus (no keyboard pop-up on phones).
            byKeyboard.current = e.detail === 0;
            fetcher.submit({ intent: "service-delete", id: item.id }, { method: "post" });
          }}
        >
          <TrashIcon size={16} />
        </button>
      </span>
    </li>
  );
}
