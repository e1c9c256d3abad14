// A booking's status: the coloured badge, and the control that changes it
// (an owner marks a visit completed, cancelled or a no-show).
import { bookingStatuses, ownerStatuses, statusTone } from "~/services/bookings/status";
import { useT, type MessageKey } from "~/i18n";

function useStatusLabel() {
  const t = useT();
  return (status: string) =>
    (bookingStatuses as readonly string[]).includes(status) ? t(`bookings.status.${status}` as MessageKey) : status;
}

export function StatusBadge({ status }: { status: string }) {
  const label = useStatusLabel();
  return (
    <span className={`badge badge-${statusTone(status)}`} data-testid="booking-status">
      {label(status)}
    </span>
  );
}

export function StatusSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (status: string) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const label = useStatusLabel();
  return (
    <span className="status-select">
      <label htmlFor={id} className="small muted">
        {t("bookings.changeStatus")}
      </label>
      <select id={id} className="input" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {(value === "pending" ? ["pending", ...ownerStatuses] : ownerStatuses).map((s) => (
          <option key={s} value={s}>
            {label(s)}
          </option>
        ))}
      </select>
    </span>
  );
}
