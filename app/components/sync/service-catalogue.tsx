// The service catalogue: add with suggestions, chips with edit and delete.
// Every change goes through the route's action, after which Remix reloads
// the list.
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useT } from "~/i18n";
import { checkServiceName, serviceKey } from "~/services/catalogue/service-name";
import type { SyncActionData } from "~/services/sync/screen.server";
import { ServiceChip } from "./service-chip";
import { serviceError } from "./service-errors";
import { PlusIcon } from "./sync-icons";
import type { Notify } from "./toast";

type Item = { id: string; service: string };

// Offered while typing, next to the existing services, when not in the list yet.
const STARTERS = ["Haircut", "Coloring", "Styling", "Hair Treatment"];

export function ServiceCatalogue({ items, notify }: { items: Item[]; notify: Notify }) {
  const t = useT();
  const adder = useFetcher<SyncActionData>();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const handled = useRef<unknown>(null);
  const input = useRef<HTMLInputElement>(null);
  // The deleted chip held the focus; keep the keyboard user in the catalogue.
  const focusInput = useCallback(() => input.current?.focus(), []);
  const keys = useMemo(() => new Set(items.map((i) => serviceKey(i.service))), [items]);
  const suggestions = useMemo(() => [...items.map((i) => i.service), ...STARTERS.filter((s) => !keys.has(serviceKey(s)))], [items, keys]);

  useEffect(() => {
    const data = adder.data;
    if (!data || data === handled.current || data.intent !== "service-add") return;
    handled.current = data;
    if (data.ok) {
      setName("");
      setError(null);
      notify(t("sync.serviceAdded"));
    } else {
      const message = serviceError(t, data.code, data.name);
      setError(message);
      notify(message, "error");
    }
  }, [adder.data, notify, t]);

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkServiceName(name);
    const problem = !checked.ok ? serviceError(t, checked.error) : keys.has(checked.key) ? serviceError(t, "duplicate", checked.name) : null;
    if (problem) {
      setError(problem);
      notify(problem, "error");
      return;
    }
    setError(null);
    adder.submit({ intent: "service-add", service: name }, { method: "post" });
  }

  const onOpen = useCallback((id: string, open: boolean) => setOpenId(open ? id : null), []);
  const onEdit = useCallback((id: string, editing: boolean) => {
    setEditingId(editing ? id : null);
    setOpenId(null);
  }, []);

  return (
    <section className="card sync-card" aria-labelledby="services-title">
      <h2 id="services-title" className="sync-h2">{t("sync.services")}</h2>
      {items.length === 0 && (
        <div className="alert alert-info" role="note" data-testid="services-banner">{t("sync.banner")}</div>
      )}
      <form className="service-form" onSubmit={add} noValidate>
        <div className="field service-field">
          <label htmlFor="service-name">{t("sync.serviceName")}</label>
          <input
            ref={input}
            id="service-name"
            name="service"
            list="service-suggestions"
            autoComplete="off"
            placeholder={t("sync.servicePlaceholder")}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "service-error" : undefined}
            maxLength={200}
          />
          <datalist id="service-suggestions">
            {suggestions.map((s) => <option key={s} value={s} />)}
          </datalist>
        </div>
        <button type="submit" className="btn btn-primary" disabled={adder.state !== "idle"}>
          <PlusIcon /> {adder.state === "submitting" ? t("sync.adding") : t("sync.addService")}
        </button>
      </form>
      {error && <p id="service-error" className="field-error" role="alert">{error}</p>}

      {items.length > 0 ? (
        <ul className="chips" aria-label={t("sync.services")}>
          {items.map((item) => (
            <ServiceChip
              key={item.id}
              item={item}
              otherKeys={new Set([...keys].filter((k) => k !== serviceKey(item.service)))}
              open={openId === item.id}
              editing={editingId === item.id}
              onOpen={(open) => onOpen(item.id, open)}
              onEdit={(editing) => onEdit(item.id, editing)}
              onDeleted={focusInput}
              notify={notify}
            />
          ))}
        </ul>
      ) : (
        <p className="muted small">{t("sync.noServices")}</p>
      )}
    </section>
  );
}
