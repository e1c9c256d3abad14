// One service chip: normal, showing edit/delete (hover, keyboard focus, or a
// tap on touch screens; open until another chip opens), or editing inline
// with save and cancel.
import { getFormProps, getInputProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useLang, useT } from "~/i18n";
import { FieldError } from "~/components/form/field-error";
import { CheckIcon, ClockIcon, CloseIcon, EditIcon, TrashIcon } from "~/components/ui/icons";
import { useCurrency } from "~/components/ui/use-currency";
import { formatPrice, LOCALES } from "~/services/catalogue/money";
import type { ServiceItem } from "~/services/catalogue/services.server";
import type { ShowToast } from "~/components/ui/toast";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import type { SyncActionData } from "~/routes/dashboard.sync/screen.server";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { syncSchemas } from "~/components/form/schemas";

type Props = {
  item: ServiceItem;
  otherKeys: Set<string>;
  open: boolean;
  editing: boolean;
  onOpen(open: boolean): void;
  onEdit(editing: boolean): void;
  onDeleted(): void;
  /** Opens the service's form (name, duration, buffer, price). */
  onDetails(): void;
  show: ShowToast;
};

export function ServiceChip({ item, otherKeys, open, editing, onOpen, onEdit, onDeleted, onDetails, show }: Props) {
  const t = useT();
  const lang = useLang();
  const currency = useCurrency();
  const meta = [
    t("timebook.minutes", { n: item.duration_minutes }),
    formatPrice(item.price === null ? null : Math.round(item.price * 100), currency, LOCALES[lang]),
  ]
    .filter(Boolean)
    .join(" · ");
  const fetcher = useFetcher<SyncActionData>();
  const nameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const byKeyboard = useRef(false);
  // Focus that comes with a press is the press's (a tap toggles the chip); any other focus opens it.
  const pressed = useRef(false);

  useEffect(() => {
    if (!editing && wasEditing.current) nameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  // Heard as soon as the answer arrives, before the list reloads: a deleted
  // chip unmounts with the reload. A chip gone elsewhere just closes (the
  // reload removes it); other failures of update and delete stay quiet, as
  // the spec has it, except the name problems shown under the input.
  useFetcherResult(fetcher, (data) => {
    if (data.intent === "service-update") {
      if (data.ok) {
        show("success", t("sync.serviceUpdated"));
        onEdit(false);
      } else if (data.problem.key === "sync.err.notFound") {
        onEdit(false);
      }
    } else if (data.intent === "service-delete" && data.ok) {
      show("success", t("sync.serviceDeleted"));
      if (byKeyboard.current) onDeleted();
    }
  });

  const reloading = fetcher.state !== "idle";
  const last = fetcher.data;
  if (
    reloading &&
    (fetcher.formData?.get("intent") === "service-delete" || (last?.intent === "service-delete" && last.ok))
  )
    return null;
  const name = reloading && last?.intent === "service-update" && last.ok ? last.name : item.service;

  const metaId = `chip-meta-${item.id}`;
  if (editing) return <ChipEditor item={item} otherKeys={otherKeys} fetcher={fetcher} onEdit={onEdit} />;

  return (
    <li
      className="chip"
      data-open={open || undefined}
      // Focus without a press opens the chip, so its buttons can be reached with Tab; it stays open until
      // another chip opens or the name is pressed (closing as the focus left would move the page).
      onPointerDown={() => (pressed.current = true)}
      onPointerUp={() => (pressed.current = false)}
      onFocus={() => {
        if (!open && !pressed.current) onOpen(true);
      }}
    >
      {/* Named by the service alone; its duration and price describe it. */}
      <button
        ref={nameButton}
        type="button"
        className="chip-name"
        aria-expanded={open}
        aria-label={name}
        aria-describedby={metaId}
        onClick={() => onOpen(!open)}
      >
        {name}{" "}
        <span id={metaId} className="chip-meta">
          {meta}
        </span>
      </button>
      <span className="chip-actions">
        <button
          type="button"
          className="chip-btn"
          aria-label={t("timebook.editDetails", { name: item.service })}
          onClick={onDetails}
        >
          <ClockIcon size={16} />
        </button>
        <button
          type="button"
          className="chip-btn"
          aria-label={t("sync.editService", { name: item.service })}
          onClick={() => onEdit(true)}
        >
          <EditIcon size={16} />
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

type EditorProps = Pick<Props, "item" | "otherKeys" | "onEdit"> & {
  fetcher: ReturnType<typeof useFetcher<SyncActionData>>;
};

/** The inline edit form, fresh each time editing starts (no stale name or error from an earlier try). */
function ChipEditor({ item, otherKeys, fetcher, onEdit }: EditorProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  // The answer the chip's fetcher held when this editor opened is not this edit's.
  const [before] = useState(fetcher.data);
  const answer = fetcher.data !== before && fetcher.data?.intent === "service-update" ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm(syncSchemas, (m) => m.notTaken(m.RenameServiceForm, otherKeys), {
    id: `service-edit-${item.id}`,
    defaultValue: { service: item.service },
    lastResult: answer?.reply,
    onSubmit(event, { submission }) {
      // The same name as now: nothing to ask the server.
      if (submission?.status === "success" && submission.value.service === item.service) {
        event.preventDefault();
        onEdit(false);
      }
    },
  });

  useEffect(() => input.current?.focus(), []);

  return (
    <li className="chip chip-editing">
      <fetcher.Form method="post" className="chip-edit" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="service-update" />
        <input type="hidden" name="id" value={item.id} />
        <input
          {...getInputProps(fields.service, { type: "text" })}
          ref={input}
          className={`input chip-input${fields.service.errors ? " invalid" : ""}`}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              onEdit(false);
            }
          }}
          aria-label={t("sync.editName", { name: item.service })}
          maxLength={200}
        />
        <button
          type="submit"
          className="chip-btn chip-btn-ok"
          aria-label={t("sync.save")}
          disabled={fetcher.state !== "idle"}
        >
          <CheckIcon size={18} />
        </button>
        <button type="button" className="chip-btn" aria-label={t("sync.cancel")} onClick={() => onEdit(false)}>
          <CloseIcon size={18} />
        </button>
      </fetcher.Form>
      <FieldError id={fields.service.errorId} problems={fields.service.errors} />
    </li>
  );
}
