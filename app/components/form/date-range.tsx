// A list filter's from and to dates, side by side: each end keeps the other in bounds.
import { Field } from "./fields";

type Range = { from: string; to: string };
type Props = { idPrefix: string; value: Range; labels: Range; onChange: (next: Range) => void };

export function DateRange({ idPrefix, value, labels, onChange }: Props) {
  return (
    <div className="field-pair">
      <Field id={`${idPrefix}-from`} label={labels.from}>
        <input
          id={`${idPrefix}-from`}
          type="date"
          value={value.from}
          max={value.to || undefined}
          onChange={(e) => onChange({ from: e.target.value, to: value.to })}
        />
      </Field>
      <Field id={`${idPrefix}-to`} label={labels.to}>
        <input
          id={`${idPrefix}-to`}
          type="date"
          value={value.to}
          min={value.from || undefined}
          onChange={(e) => onChange({ from: value.from, to: e.target.value })}
        />
      </Field>
    </div>
  );
}
