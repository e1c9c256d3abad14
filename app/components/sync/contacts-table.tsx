// The contacts to sync: checkbox, Name, Phone, a select-all box; the list
// scrolls at 280 px.
import { useEffect, useRef } from "react";
import { useT } from "~/i18n";
import type { ScreenContact } from "~/routes/dashboard.sync/screen.server";

type Props = { contacts: ScreenContact[]; selected: Set<string>; onChange(next: Set<string>): void; disabled: boolean };

export function ContactsTable({ contacts, selected, onChange, disabled }: Props) {
  const t = useT();
  const all = useRef<HTMLInputElement>(null);
  const chosen = contacts.filter((c) => selected.has(c.id)).length;
  const allChosen = contacts.length > 0 && chosen === contacts.length;

  useEffect(() => {
    if (all.current) all.current.indeterminate = chosen > 0 && !allChosen;
  }, [chosen, allChosen]);

  function toggle(id: string) {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  }

  if (!contacts.length) return <p className="muted empty-text">{t("sync.noContacts")}</p>;

  return (
    <>
      <div className="contacts-scroll" data-testid="contacts-scroll">
        <table className="contacts-table">
          <thead>
            <tr>
              <th scope="col" className="col-check">
                <input
                  ref={all}
                  type="checkbox"
                  aria-label={t("sync.selectAll")}
                  checked={allChosen}
                  disabled={disabled}
                  onChange={() => onChange(allChosen ? new Set() : new Set(contacts.map((c) => c.id)))}
                />
              </th>
              <th scope="col">{t("sync.name")}</th>
              <th scope="col">{t("sync.phone")}</th>
            </tr>
          </thead>
          <tbody>
            {contacts.map((c) => (
              <tr
                key={c.id}
                className={selected.has(c.id) ? "is-selected" : undefined}
                onClick={() => !disabled && toggle(c.id)}
              >
                <td className="col-check">
                  <input
                    type="checkbox"
                    aria-label={t("sync.selectContact", { name: c.name })}
                    checked={selected.has(c.id)}
                    disabled={disabled}
                    onClick={(e) => e.stopPropagation()}
                    onChange={() => toggle(c.id)}
                  />
                </td>
                <td className="col-name">{c.name}</td>
                <td className="col-phone">
                  {c.phone ? <bdi dir="ltr">{c.phone}</bdi> : <span className="muted">{t("sync.hiddenNumber")}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small selected-count" aria-live="polite">
        {t("sync.selected", { n: chosen, total: contacts.length })}
      </p>
    </>
  );
}
