// A service's whole entry as a form a phone can fill: its name, how long it
// takes, the break kept free after it, and its price in the business's
// currency (empty: no price). Opened from a chip's clock button.
import { getFormProps, getInputProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useT } from "~/i18n";
import { Field, TextField } from "~/components/form/fields";
import { serviceSchemas } from "~/components/form/schemas";
import { useSchemaForm } from "~/components/form/use-schema-form";
import type { ShowToast } from "~/components/ui/toast";
import { useCurrency } from "~/components/ui/use-currency";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import type { SyncActionData } from "~/routes/dashboard.sync/screen.server";
import type { ServiceItem } from "~/services/catalogue/services.server";

type Props = { item: ServiceItem; onClose: () => void; show: ShowToast };

export function ServiceDetailsForm({ item, onClose, show }: Props) {
  const t = useT();
  const currency = useCurrency();
  const fetcher = useFetcher<SyncActionData>();
  const first = useRef<HTMLInputElement>(null);
  const answer = fetcher.data?.intent === "service-details" ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm(serviceSchemas, (m) => m.ServiceForm, {
    id: `service-details-${item.id}`,
    lastResult: fetcher.state === "idle" ? answer?.reply : undefined,
    defaultValue: {
      id: item.id,
      service: item.service,
      duration_minutes: item.duration_minutes,
      buffer_minutes: item.buffer_minutes,
      price: item.price === null ? "" : item.price.toFixed(2),
    },
  });
  useFetcherResult(fetcher, (data) => {
    if (data.intent !== "service-details") return;
    if (data.ok) {
      show("success", t("timebook.serviceSaved"));
      onClose();
    } else show("error", t(data.problem.key, data.problem.params));
  });
  useEffect(() => first.current?.focus(), []);
  const saving = fetcher.state !== "idle";
  const id = (name: string) => `service-details-${name}`;

  return (
    <fetcher.Form
      method="post"
      className="service-details stack"
      {...getFormProps(form)}
      aria-labelledby={id("title")}
      data-testid="service-details"
    >
      <h3 id={id("title")} className="sync-h3">
        {t("timebook.editDetails", { name: item.service })}
      </h3>
      <input type="hidden" name="intent" value="service-details" />
      <input type="hidden" name="id" value={item.id} />
      {/* Its own input inside the frame: the form focuses it when it opens. */}
      <Field
        id={id("name")}
        label={t("sync.serviceName")}
        errorId={fields.service.errorId}
        problems={fields.service.errors}
      >
        <input
          {...getInputProps(fields.service, { type: "text" })}
          ref={first}
          id={id("name")}
          maxLength={200}
          autoComplete="off"
        />
      </Field>
      <div className="field-pair">
        <TextField
          field={fields.duration_minutes}
          label={t("timebook.duration")}
          type="number"
          id={id("duration")}
          min={5}
          max={480}
          step={5}
          inputMode="numeric"
        />
        <TextField
          field={fields.buffer_minutes}
          label={t("timebook.buffer")}
          type="number"
          id={id("buffer")}
          min={0}
          max={120}
          step={5}
          inputMode="numeric"
        />
      </div>
      <TextField
        field={fields.price}
        label={t("timebook.price", { currency })}
        hint={t("timebook.priceHint")}
        id={id("price")}
        inputMode="decimal"
        dir="ltr"
      />
      <div className="row gap-sm">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {t("timebook.saveService")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={saving}>
          {t("timebook.cancel")}
        </button>
      </div>
    </fetcher.Form>
  );
}
