// Add Client: name, phone, tags and notes. It cannot be closed while saving;
// on success the parent puts the new client at the top and selects it.
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ClientActionResult, ClientItem } from "~/services/clients/screen.server";
import { validateClientCreate } from "~/services/clients/client-input";
import { useT } from "~/i18n";
import { Modal } from "~/components/ui/modal";
import { useKnownMessage } from "../known-message";

export function AddClientModal({ onClose, onCreated }: { onClose: () => void; onCreated: (client: ClientItem) => void }) {
  const t = useT();
  const known = useKnownMessage();
  const fetcher = useFetcher<ClientActionResult>();
  const [form, setForm] = useState({ name: "", phone: "", tags: "", notes: "" });
  const [error, setError] = useState<string | null>(null);
  const saving = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok && fetcher.data.intent === "create") onCreated(fetcher.data.client);
    else if (!fetcher.data.ok) setError(known(fetcher.data.message) || t("clients.failedAdd"));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = validateClientCreate(form);
    if (!checked.ok) return setError(known(checked.message));
    setError(null);
    fetcher.submit({ intent: "create", ...form }, { method: "post", action: "/dashboard/clients" });
  };
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm({ ...form, [key]: e.target.value });

  return (
    <Modal title={t("clients.addTitle")} onClose={onClose} locked={saving} closeLabel={t("clients.close")}>
      <form onSubmit={submit} noValidate aria-busy={saving}>
        <div className="field">
          <label htmlFor="add-client-name">{t("clients.name")}</label>
          <input id="add-client-name" name="name" value={form.name} onChange={set("name")} maxLength={200} autoComplete="off" disabled={saving} />
        </div>
        <div className="field">
          <label htmlFor="add-client-phone">{t("clients.phone")}</label>
          <input id="add-client-phone" name="phone" value={form.phone} onChange={set("phone")} inputMode="tel" dir="ltr"
            placeholder={t("clients.phonePlaceholder")} autoComplete="off" disabled={saving} />
        </div>
        <div className="field">
          <label htmlFor="add-client-tags">{t("clients.tags")}</label>
          <input id="add-client-tags" name="tags" value={form.tags} onChange={set("tags")} aria-describedby="add-client-tags-hint" disabled={saving} />
          <span id="add-client-tags-hint" className="small muted">{t("clients.tagsHint")}</span>
        </div>
        <div className="field">
          <label htmlFor="add-client-notes">{t("clients.notes")}</label>
          <textarea id="add-client-notes" name="notes" value={form.notes} onChange={set("notes")} maxLength={2000} disabled={saving} />
        </div>
        {error && <div className="alert alert-error" role="alert">{error}</div>}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={saving}>{t("clients.cancel")}</button>
          <button type="submit" className="btn btn-primary" disabled={saving}>{saving ? t("clients.saving") : t("clients.save")}</button>
        </div>
      </form>
    </Modal>
  );
}
