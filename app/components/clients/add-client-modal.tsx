// Add Client: name, phone, tags and notes, checked in the spec's order (one
// message at a time, under its field). It cannot be closed while saving; on
// success the parent puts the new client at the top and selects it. A server
// problem (a phone another client has) shows in the form.
import { getFormProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import type { ClientActionResult, ClientItem } from "~/routes/dashboard.clients/screen.server";
import { useT } from "~/i18n";
import { FieldError, useProblemText } from "../form/field-error";
import { firstInvalid } from "../form/first-invalid";
import { TextAreaField, TextField } from "../form/fields";
import { Banner } from "../form/banner";
import { PersonFields } from "../form/person-fields";
import { Modal } from "~/components/ui/modal";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { clientSchemas } from "~/components/form/schemas";

const ORDER = ["name", "phone", "tags", "notes"] as const;

export function AddClientModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (client: ClientItem) => void;
}) {
  const t = useT();
  const problemText = useProblemText();
  const fetcher = useFetcher<ClientActionResult>();
  const { saving, failed, form, fields } = useFetcherForm(fetcher, clientSchemas, (m) => m.ClientForm, {
    id: "add-client",
  });
  const shown = firstInvalid(fields, ORDER);

  useFetcherResult(fetcher, { ok: (result) => result.intent === "create" && onCreated(result.client) });

  const errorOf = (name: (typeof ORDER)[number]) => (
    <FieldError id={fields[name].errorId} problems={shown === name ? fields[name].errors : undefined} />
  );
  // A problem the server did not tie to a field (or no field error came back with it).
  const formProblem = shown ? undefined : (form.errors?.[0] ?? (failed && !failed.reply ? failed.problem : undefined));

  return (
    <Modal title={t("clients.addTitle")} onClose={onClose} locked={saving} closeLabel={t("clients.close")}>
      <fetcher.Form method="post" action="/dashboard/clients" {...getFormProps(form)} aria-busy={saving}>
        <PersonFields
          idPrefix="add-client"
          fields={fields}
          labels={{
            name: t("clients.name"),
            phone: t("clients.phone"),
            phonePlaceholder: t("clients.phonePlaceholder"),
          }}
          errors={{ name: errorOf("name"), phone: errorOf("phone") }}
          disabled={saving}
        />
        <TextField
          field={fields.tags}
          label={t("clients.tags")}
          hint={t("clients.tagsHint")}
          id="add-client-tags"
          quiet={shown !== "tags"}
          disabled={saving}
        />
        <TextAreaField
          field={fields.notes}
          label={t("clients.notes")}
          id="add-client-notes"
          quiet={shown !== "notes"}
          maxLength={2000}
          disabled={saving}
        />
        {formProblem && (
          <Banner kind="error" id={form.errorId}>
            {problemText(formProblem)}
          </Banner>
        )}
        {/* After the fields: the dialog focuses its first input. */}
        <input type="hidden" name="intent" value="create" />
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={saving}>
            {t("clients.cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? t("clients.saving") : t("clients.save")}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
