// One client: a header that expands (one row at a time) to last visit, last
// service, tags and notes, with a WhatsApp link, inline Edit and Delete. The
// edit checks its fields under each one; a failed save or delete shows the
// spec's browser alert with the server's problem in the reader's language.
import { ContactBasisLine, OptedOutBadge } from "./contact-basis";
import { rhythmWords } from "./rhythm";
import { getFormProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { ClientActionResult, ClientItem } from "~/routes/dashboard.clients/screen.server";
import { formatDateGB } from "~/services/templates";
import { useT } from "~/i18n";
import { initials } from "~/utils/initials";
import { FieldError, useProblemText } from "../form/field-error";
import { PersonFields } from "../form/person-fields";
import { TextAreaField, TextField } from "../form/fields";
import { ChatIcon, ChevronIcon, EditIcon, TrashIcon } from "~/components/ui/icons";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { clientSchemas } from "~/components/form/schemas";

type Props = {
  client: ClientItem;
  expanded: boolean;
  onToggle: () => void;
  onUpdated: (client: ClientItem) => void;
  onDeleted: (id: string) => void;
};

const ACTION = "/dashboard/clients";

function Avatar({ client }: { client: Pick<ClientItem, "name" | "profile_picture"> }) {
  if (client.profile_picture)
    return <img className="avatar client-avatar" src={client.profile_picture} alt="" width={40} height={40} />;
  return (
    <span className="avatar client-avatar" aria-hidden="true">
      {initials(client.name, "?")}
    </span>
  );
}

export function ClientRow({ client, expanded, onToggle, onUpdated, onDeleted }: Props) {
  const t = useT();
  const problemText = useProblemText();
  const other = useFetcher<ClientActionResult>();
  const [editing, setEditing] = useState(false);
  const busy = other.state !== "idle";
  const detailsId = `client-${client.id}-details`;

  useFetcherResult(other, {
    ok: (result) => {
      if (result.intent === "clear-waiting") onUpdated({ ...client, awaiting_reply: null });
      else if (result.intent === "delete") onDeleted(result.id);
    },
    problem: (found) => window.alert(problemText(found)),
  });

  const remove = () => {
    if (!window.confirm(t("clients.confirmDelete"))) return;
    other.submit({ intent: "delete", id: client.id }, { method: "post", action: ACTION });
  };
  const name = client.name || t("clients.unknown");
  const rhythm = rhythmWords(t, client).join(" · ");

  return (
    <li className={`client-row${expanded ? " expanded" : ""}`} data-testid="client-row">
      <button
        type="button"
        className="client-head"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={onToggle}
      >
        <Avatar client={client} />
        <span className="client-main">
          <span className="client-name">{name}</span>
          <span className="client-phone muted small" dir="ltr">
            {client.phone_display}
          </span>
          {rhythm && (
            <span className="client-rhythm muted small" data-testid="client-rhythm">
              {rhythm}
            </span>
          )}
          {client.awaiting_reply && (
            <span className="badge badge-amber waiting-badge" data-testid="client-waiting">
              {t("waiting.badge")}
            </span>
          )}
          <OptedOutBadge client={client} />
        </span>
        <ChevronIcon className="chevron" />
      </button>
      {expanded && (
        <div className="client-details" id={detailsId}>
          {editing ? (
            <ClientEdit
              client={client}
              baseId={detailsId}
              onCancel={() => setEditing(false)}
              onSaved={(saved) => {
                onUpdated(saved);
                setEditing(false);
              }}
            />
          ) : (
            <>
              {client.awaiting_reply && (
                <div className="client-waiting" data-testid="client-waiting-detail">
                  <p className="small" dir="auto">
                    {t("waiting.said", { text: client.awaiting_reply.text })}
                  </p>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={busy}
                    onClick={() =>
                      other.submit({ intent: "clear-waiting", id: client.id }, { method: "post", action: ACTION })
                    }
                  >
                    {t("waiting.clear")}
                  </button>
                </div>
              )}
              <ContactBasisLine client={client} />
              <dl className="facts client-facts">
                <div>
                  <dt>{t("clients.lastVisit")}</dt>
                  <dd>{client.last_visit ? formatDateGB(client.last_visit) : t("clients.none")}</dd>
                </div>
                <div>
                  <dt>{t("clients.lastService")}</dt>
                  <dd>{client.last_service ?? t("clients.none")}</dd>
                </div>
                <div>
                  <dt>{t("clients.visits")}</dt>
                  <dd>{client.visits}</dd>
                </div>
                {client.due_date && (
                  <div>
                    <dt>{t("clients.due")}</dt>
                    <dd>{formatDateGB(client.due_date)}</dd>
                  </div>
                )}
                <div>
                  <dt>{t("clients.tagsLabel")}</dt>
                  <dd>
                    {client.tags.length ? (
                      <span className="tag-list">
                        {client.tags.map((tag) => (
                          <span key={tag} className="badge badge-grey">
                            {tag}
                          </span>
                        ))}
                      </span>
                    ) : (
                      "—"
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{t("clients.notesLabel")}</dt>
                  <dd className="client-notes">{client.notes || "—"}</dd>
                </div>
              </dl>
              <div className="client-actions">
                <a
                  className="btn btn-sm wa-link"
                  href={`https://wa.me/${client.phone}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("clients.openChatWith", { name })}
                >
                  <ChatIcon size={18} /> WhatsApp
                </a>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(true)} disabled={busy}>
                  <EditIcon size={16} /> {t("clients.edit")}
                </button>
                <button type="button" className="btn btn-danger-ghost btn-sm" onClick={remove} disabled={busy}>
                  <TrashIcon size={16} /> {t("clients.delete")}
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </li>
  );
}

type EditProps = { client: ClientItem; baseId: string; onCancel: () => void; onSaved: (client: ClientItem) => void };

/** The inline edit: every field is sent; problems show under their fields (and the server's in the spec's alert too). */
function ClientEdit({ client, baseId, onCancel, onSaved }: EditProps) {
  const t = useT();
  const problemText = useProblemText();
  const fetcher = useFetcher<ClientActionResult>();
  const { saving, form, fields } = useFetcherForm(fetcher, clientSchemas, (m) => m.ClientForm, {
    id: `${baseId}-edit`,
    defaultValue: { name: client.name, phone: client.phone_display, tags: client.tags.join(", "), notes: client.notes },
  });

  useFetcherResult(fetcher, {
    ok: (result) => result.intent === "update" && onSaved(result.client),
    problem: (found) => window.alert(problemText(found)),
  });

  return (
    <fetcher.Form method="post" action={ACTION} className="client-edit" {...getFormProps(form)} aria-busy={saving}>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={client.id} />
      <PersonFields
        idPrefix={baseId}
        fields={fields}
        labels={{ name: t("clients.name"), phone: t("clients.phone"), phonePlaceholder: t("clients.phonePlaceholder") }}
        errors={{
          name: <FieldError id={fields.name.errorId} problems={fields.name.errors} />,
          phone: <FieldError id={fields.phone.errorId} problems={fields.phone.errors} />,
        }}
      />
      <TextField field={fields.tags} label={t("clients.tags")} id={`${baseId}-tags`} />
      <TextAreaField field={fields.notes} label={t("clients.notes")} id={`${baseId}-notes`} maxLength={2000} />
      <div className="row gap-sm">
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
          {saving ? t("clients.saving") : t("clients.save")}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={saving} onClick={onCancel}>
          {t("clients.cancel")}
        </button>
      </div>
    </fetcher.Form>
  );
}
