// The service catalogue: add with suggestions, chips with edit and delete,
// each showing its duration and price; a chip's clock opens the service's form.
// Every change goes through the route's action (the Service name rule runs in
// the browser first and again on the server), after which Remix reloads the
// list. Without scripts the add form still posts to the page.
import { getFormProps, getInputProps } from "@conform-to/react";
import { useActionData, useFetcher } from "@remix-run/react";
import { useCallback, useMemo, useRef, useState, type FormEvent } from "react";
import { useT } from "~/i18n";
import { FieldError } from "~/components/form/field-error";
import { Banner } from "~/components/form/banner";
import { Field } from "~/components/form/fields";
import { PlusIcon } from "~/components/ui/icons";
import type { ShowToast } from "~/components/ui/toast";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import type { SyncActionData } from "~/routes/dashboard.sync/screen.server";
import { serviceKey } from "~/utils/service-name";
import { firstFormProblem } from "~/utils/problem";
import { ServiceChip } from "./service-chip";
import { ServiceDetailsForm } from "./service-details-form";
import type { ServiceItem } from "~/services/catalogue/services.server";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { syncSchemas } from "~/components/form/schemas";

type Item = ServiceItem;

// Offered while typing, next to the existing services, when not in the list yet.
const STARTERS = ["Haircut", "Coloring", "Styling", "Hair Treatment"];

export function ServiceCatalogue({ items, show }: { items: Item[]; show: ShowToast }) {
  const t = useT();
  const adder = useFetcher<SyncActionData>();
  const posted = useActionData<SyncActionData>();
  const answer = adder.data ?? posted;
  const [openId, setOpenId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const details = items.find((i) => i.id === detailsId);
  const input = useRef<HTMLInputElement>(null);
  // The deleted chip held the focus; keep the keyboard user in the catalogue.
  const focusInput = useCallback(() => input.current?.focus(), []);
  const keys = useMemo(() => new Set(items.map((i) => serviceKey(i.service))), [items]);
  const suggestions = useMemo(
    () => [...items.map((i) => i.service), ...STARTERS.filter((s) => !keys.has(serviceKey(s)))],
    [items, keys],
  );
  const [form, fields, check] = useSchemaForm(syncSchemas, (m) => m.notTaken(m.AddServiceForm, keys), {
    id: "service-add",
    lastResult: answer?.intent === "service-add" ? answer.reply : undefined,
  });

  useFetcherResult(adder, (data) => {
    if (data.intent !== "service-add") return;
    if (data.ok) show("success", t("sync.serviceAdded"));
    else show("error", t(data.problem.key, data.problem.params));
  });

  const formProps = getFormProps(form);
  function submit(event: FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event);
    // Refused here: the same text inline (conform) and in a toast.
    if (event.defaultPrevented) {
      const refused = check?.(new FormData(event.currentTarget));
      if (refused && refused.status !== "success") {
        const first = firstFormProblem(refused.error);
        show("error", t(first.key, first.params));
      }
    }
  }

  const onOpen = useCallback((id: string, open: boolean) => setOpenId(open ? id : null), []);
  const onEdit = useCallback((id: string, editing: boolean) => {
    setEditingId(editing ? id : null);
    setOpenId(null);
  }, []);

  return (
    <section className="card sync-card" aria-labelledby="services-title">
      <h2 id="services-title" className="sync-h2">
        {t("sync.services")}
      </h2>
      {items.length === 0 && (
        <Banner kind="info" testId="services-banner">
          {t("sync.banner")}
        </Banner>
      )}
      <adder.Form method="post" className="service-form" {...formProps} onSubmit={submit}>
        <input type="hidden" name="intent" value="service-add" />
        {/* Its problem shows under the whole row (the input and its button), after the form. */}
        <Field id="service-name" label={t("sync.serviceName")} className="service-field">
          <input
            {...getInputProps(fields.service, { type: "text" })}
            ref={input}
            id="service-name"
            list="service-suggestions"
            autoComplete="off"
            placeholder={t("sync.servicePlaceholder")}
            maxLength={200}
          />
          <datalist id="service-suggestions">
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </Field>
        <button type="submit" className="btn btn-primary" disabled={adder.state !== "idle"}>
          <PlusIcon size={18} /> {adder.state === "submitting" ? t("sync.adding") : t("sync.addService")}
        </button>
      </adder.Form>
      <FieldError id={fields.service.errorId} problems={fields.service.errors} />

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
              onDetails={() => setDetailsId(item.id)}
              show={show}
            />
          ))}
        </ul>
      ) : (
        <p className="muted small">{t("sync.noServices")}</p>
      )}
      {details && <ServiceDetailsForm key={details.id} item={details} onClose={() => setDetailsId(null)} show={show} />}
    </section>
  );
}
