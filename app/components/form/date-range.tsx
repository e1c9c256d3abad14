// A list filter's from and to dates, side by side: each end keeps the other in bounds.
type Range = { from: string; to: string };
type Props = { idPrefix: string; value: Range; labels: Range; onChange: (next: Range) => void };

export function DateRange({ idPrefix, value, labels, onChange }: Props) {
  return (
    <div className="field-pair">
      <div className="field">
        <label htmlFor={`${idPrefix}-from`}>{labels.from}</label>
        <input
          id={`${idPrefix}-from`}
          type="date"
          value={value.from}
          max={value.to || undefined}
          onChange={(e) => onChange({ from: e.target.value, to: value.to })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-to`}>{labels.to}</label>
        <input
          id={`${idPrefix}-to`}
          type="date"
          value={value.to}
          min={value.from || undefined}
          onChange={(e) => onChange({ from: value.from, to: e.target.value })}
        />
      </div>
    </div>
  );
}
