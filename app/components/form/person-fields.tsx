// A customer's name and WhatsApp phone, as every form that takes them asks for
// them (Add Client, a client's edit, Add Booking): the same length limit, a
// phone keypad, the number left to right on a Hebrew page, no autofill of the
// owner's own details.
import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field } from "./fields";

type InputField = Parameters<typeof getInputProps>[0];
type Props = {
  idPrefix: string;
  fields: { name: InputField; phone: InputField };
  labels: { name: string; phone: string; phonePlaceholder: string };
  /** What shows under each field (its FieldError). */
  errors: { name: ReactNode; phone: ReactNode };
  disabled?: boolean;
};

export function PersonFields({ idPrefix, fields, labels, errors, disabled }: Props) {
  return (
    <>
      <Field id={`${idPrefix}-name`} label={labels.name}>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          id={`${idPrefix}-name`}
          maxLength={200}
          autoComplete="off"
          disabled={disabled}
        />
        {errors.name}
      </Field>
      <Field id={`${idPrefix}-phone`} label={labels.phone}>
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
      </Field>
    </>
  );
}
