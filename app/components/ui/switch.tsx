// The one on/off switch: a real checkbox with role="switch" laid over its
// track, so the label, the keyboard and screen readers work as with any
// checkbox. Its hint (and any further note, `alsoDescribedBy`) describes it.
type Props = {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
  busy?: boolean;
  alsoDescribedBy?: string;
  testId?: string;
};

export function Switch({ id, label, hint, checked, onChange, disabled, busy, alsoDescribedBy, testId }: Props) {
  const hintId = `${id}-hint`;
  const labelId = `${id}-label`;
  return (
    <label className="switch" htmlFor={id}>
      <span className="switch-text">
        <span id={labelId} className="switch-label">
          {label}
        </span>
        <span id={hintId} className="switch-hint">
          {hint}
        </span>
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        // Named by its label alone; the hint (inside the same <label>) is its description, not part of its name.
        aria-labelledby={labelId}
        disabled={disabled}
        aria-describedby={alsoDescribedBy ? `${hintId} ${alsoDescribedBy}` : hintId}
        aria-busy={busy}
        data-testid={testId}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="switch-track" aria-hidden="true" />
    </label>
  );
}
