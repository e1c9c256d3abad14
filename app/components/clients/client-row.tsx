// One client: a header that expands (one row at a time) to last visit, last
// service, tags and notes, with a WhatsApp link, inline Edit and Delete.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ClientActionResult, ClientItem } from "~/services/clients/screen.server";
import { validateClientPatch } from "~/services/clients/client-input";
import { formatDateGB } from "~/services/templates";
import { useT } from "~/i18n";
import { initials } from "~/utils/initials";
import { useKnownMessage } from "../known-message";
import { ChatIcon, ChevronIcon, EditIcon, TrashIcon } from "~/components/ui/icons";

type Props = {
  client: ClientItem; expanded: boolean; onToggle: () => void;
  onUpdated: (client: ClientItem) => void; onDeleted: (id: string) => void;
};

export function Avatar({ client }: { client: Pick<ClientItem, "name" | "profile_picture"> }) {
  if (client.profile_picture) return <img className="avatar client-avatar" src={client.profile_picture} alt="" width={40} height={40} />;
  return <span className="avatar client-avatar" aria-hidden="true">{initials(client.name, "?")}</span>;
}

export function ClientRow({ client, expanded, onToggle, onUpdated, onDeleted }: Props) {
  const t = useT();
  const known = useKnownMessage();
  const fetcher = useFetcher<ClientActionResult>();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ name: client.name, phone: client.phone_display, tags: client.tags.join(", "), notes: client.notes });
  const busy = fetcher.state !== "idle";
  const intent = fetcher.formData?.get("intent");
  const detailsId = `client-${client.id}-details`;
  const lastIntent = useRef("");

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.ok && result.intent === "update") {
      onUpdated(result.client);
      setEditing(false);
    } else if (result.ok && result.intent === "clear-waiting") {
      onUpdated({ ...client, awaiting_reply: null });
    } else if (result.ok && result.intent === "delete") {
      onDeleted(result.id);
    } else if (!result.ok) {
      window.alert(known(result.message) || t(lastIntent.current === "delete" ? "clients.failedDelete" : "clients.failedSave"));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const startEdit = () => {
    setForm({ name: client.name, phone: client.phone_display, tags: client.tags.join(", "), notes: client.notes });
    setEditing(true);
  };
  const save = () => {
    const checked = validateClientPatch(form);
    if (!checked.ok) return window.alert(known(checked.message));
    lastIntent.current = "update";
    fetcher.submit({ intent: "update", id: client.id, ...form }, { method: "post", action: "/dashboard/clients" });
  };
  const remove = () => {
    if (!window.confirm(t("clients.confirmDelete"))) return;
    lastIntent.current = "delete";
    fetcher.submit({ intent: "delete", id: client.id }, { method: "post", action: "/dashboard/clients" });
  };
  const name = client.name || t("clients.unknown");

  return (
    <li className={`client-row${expanded ? " expanded" : ""}`} data-testid="client-row">
      <button type="button" className="client-head" aria-expanded={expanded} aria-controls={detailsId} onClick={onToggle}>
        <Avatar client={client} />
        <span className="client-main">
          <span className="client-name">{name}</span>
          <span className="client-phone muted small" dir="ltr">{client.phone_display}</span>
          {client.awaiting_reply && <span className="badge badge-amber waiting-badge" data-testid="client-waiting">{t("waiting.badge")}</span>}
        </span>
        <ChevronIcon className="chevron" />
      </button>
      {expanded && (
        <div className="client-details" id={detailsId}>
          {editing ? (
            <form className="client-edit" onSubmit={(e) => { e.preventDefault(); save(); }} aria-busy={busy}>
              <div className="field"><label htmlFor={`${detailsId}-name`}>{t("clients.name")}</label>
                <input id={`${detailsId}-name`} value={form.name} maxLength={200} onChange={(e) => setForm({ ...form, name: e.target.value })} /></div>
              <div className="field"><label htmlFor={`${detailsId}-phone`}>{t("clients.phone")}</label>
                <input id={`${detailsId}-phone`} value={form.phone} dir="ltr" inputMode="tel" onChange={(e) => setForm({ ...form, phone: e.target.value })} /></div>
              <div className="field"><label htmlFor={`${detailsId}-tags`}>{t("clients.tags")}</label>
                <input id={`${detailsId}-tags`} value={form.tags} onChange={(e) => setForm({ ...form, tags: e.target.value })} /></div>
              <div className="field"><label htmlFor={`${detailsId}-notes`}>{t("clients.notes")}</label>
                <textarea id={`${detailsId}-notes`} value={form.notes} maxLength={2000} onChange={(e) => setForm({ ...form, notes: e.target.value })} /></div>
              <div className="row gap-sm">
                <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>{busy && intent === "update" ? t("clients.saving") : t("clients.save")}</button>
                <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => setEditing(false)}>{t("clients.cancel")}</button>
              </div>
            </form>
          ) : (
            <>
              {client.awaiting_reply && (
                <div className="client-waiting" data-testid="client-waiting-detail">
                  <p className="small" dir="auto">{t("waiting.said", { text: client.awaiting_reply.text })}</p>
                  <button type="button" className="btn btn-ghost btn-sm" disabled={busy}
                    onClick={() => { lastIntent.current = "clear-waiting"; fetcher.submit({ intent: "clear-waiting", id: client.id }, { method: "post", action: "/dashboard/clients" }); }}>
                    {t("waiting.clear")}
                  </button>
                </div>
              )}
              <dl className="client-facts">
                <div><dt>{t("clients.lastVisit")}</dt><dd>{client.last_visit ? formatDateGB(client.last_visit) : t("clients.none")}</dd></div>
                <div><dt>{t("clients.lastService")}</dt><dd>{client.last_service ?? t("clients.none")}</dd></div>
                <div><dt>{t("clients.tagsLabel")}</dt><dd>{client.tags.length ? (
                  <span className="tag-list">{client.tags.map((tag) => <span key={tag} className="badge badge-grey">{tag}</span>)}</span>
                ) : "—"}</dd></div>
                <div><dt>{t("clients.notesLabel")}</dt><dd className="client-notes">{client.notes || "—"}</dd></div>
              </dl>
              <div className="client-actions">
                <a className="btn btn-sm wa-link" href={`https://wa.me/${client.phone}`} target="_blank" rel="noopener noreferrer"
                  aria-label={t("clients.openChatWith", { name })}>
                  <ChatIcon size={18} /> WhatsApp
                </a>
                <button type="button" className="btn btn-ghost btn-sm" onClick={startEdit} disabled={busy}><EditIcon size={16} /> {t("clients.edit")}</button>
                <button type="button" className="btn btn-danger-ghost btn-sm" onClick={remove} disabled={busy}><TrashIcon size={16} /> {t("clients.delete")}</button>
              </div>
            </>
          )}
        </div>
      )}
    </li>
  );
}
