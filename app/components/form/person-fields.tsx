// A customer's name and WhatsApp phone, as every form that takes them asks for
// them (Add Client, a client's edit, Add Booking): the same length limit, a
// phone keypad, the number left to right on a Hebrew page, no autofill of the
// owner's own details.
import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";

type Field = Parameters<typeof getInputProps>[0];
type Props = {
  idPrefix: string;
  fields: { name: Field; phone: Field };
  labels: { name: string; phone: string; phonePlaceholder: string };
  /** What shows under each field (its FieldError). */
  errors: { name: ReactNode; phone: ReactNode };
  disabled?: boolean;
};

export function PersonFields({ idPrefix, fields, labels, errors, disabled }: Props) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-name`}>{labels.name}</label>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          id={`${idPrefix}-name`}
          maxLength={200}
          autoComplete="off"
          disabled={disabled}
        />
        {errors.name}
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-phone`}>{labels.phone}</label>
        <input
          {...getInputProps(fields.phone, { type: "text" })}
          id={`${idPrefix}-phone`}
          inputMode="tel"
          dir="ltr"
          placeholder={labels.phonePlaceholder}
          autoComplete="off"
          disabled={disabled}
        />
        {errors.phone}
      </div>
    </>
  );
}
