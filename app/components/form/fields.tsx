// The form kit: every labelled field of every screen is written with these.
// `Field` is the frame (label, control, hint, the field's first problem under
// it); TextField, TextAreaField, SelectField and CheckField are it with a
// conform field's control (getInputProps and friends set name, the value,
// aria-invalid and aria-describedby). Forms that keep their values in React
// state put their own control inside `Field`.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { FieldError, useProblemText } from "./field-error";
import type { Problem } from "~/utils/problem";
import { Banner } from "./banner";

/** A field of a form whose errors are problems (validation/parse.ts parseForm). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's fields, whatever their schema and value types
export type ProblemField = FieldMetadata<any, any, Problem[]>;

/** The first problem of a form: its own, then its fields' in the schema's order; null when there is none. */
export function firstProblemOf(
  errors: Record<string, readonly Problem[] | null | undefined> | undefined,
): Problem | null {
  for (const list of Object.values(errors ?? {})) if (list?.length) return list[0];
  return null;
}

/** The red banner with a problem in the reader's language (nothing when there is none). */
export function ProblemBanner({ problem, testId }: { problem: Problem | null | undefined; testId?: string }) {
  const text = useProblemText();
  return problem ? (
    <Banner kind="error" testId={testId}>
      {text(problem)}
    </Banner>
  ) : null;
}

type FieldProps = {
  /** The control's id: the label points at it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The id of the hint, when the control names it in aria-describedby itself (default `${id}-hint`). */
  hintId?: string;
  /** Where the field's problem shows (conform's field.errorId), and the problems (nothing shown when none). */
  errorId?: string;
  problems?: readonly Problem[] | null;
  className?: string;
  children: ReactNode;
};

/** A label, the control, its hint and its first problem right under it. */
export function Field({ id, label, hint, hintId, errorId, problems, className, children }: FieldProps) {
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <span id={hintId ?? `${id}-hint`} className="hint small muted">
          {hint}
        </span>
      )}
      {errorId && <FieldError id={errorId} problems={problems} />}
    </div>
  );
}

type Common = {
  field: ProblemField;
  label: ReactNode;
  hint?: ReactNode;
  /** Another id for the control than conform's (a form drawn once per card). */
  id?: string;
  /**
   * The hint's id (default `${id}-hint`). Without `hint`: the id of a hint drawn
   * elsewhere that the control is described by (one hint under two fields).
   */
  hintId?: string;
  /** Show no problem under it (a form that shows one at a time); the control is still marked invalid. */
  quiet?: boolean;
};

/** A conform field's frame (`Field`'s props) and its control's id and description. */
function framed({ field, label, hint, hintId, id, quiet }: Common) {
  const controlId = id ?? field.id;
  const frame = {
    id: controlId,
    label,
    hint,
    hintId,
    errorId: field.errorId,
    problems: quiet ? undefined : field.errors,
  };
  return { frame, controlId, ariaDescribedBy: hintId ?? (hint ? `${controlId}-hint` : undefined) };
}

type TextFieldProps = Common & {
  type?: "text" | "email" | "tel" | "number" | "date" | "time" | "url" | "search" | "password";
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id" | "name" | "form" | "defaultValue" | "value">;

/** A labelled input, its hint, and its first problem right under it. */
export function TextField({ field, label, type = "text", hint, hintId, id, quiet, ...rest }: TextFieldProps) {
  const { frame, controlId, ariaDescribedBy } = framed({ field, label, hint, hintId, id, quiet });
  return (
    <Field {...frame}>
      <input {...getInputProps(field, { type, ariaDescribedBy })} id={controlId} {...rest} />
    </Field>
  );
}

type TextAreaFieldProps = Common &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "form" | "defaultValue" | "value">;

/** A labelled text area, its hint, and its first problem under it. */
export function TextAreaField({ field, label, hint, hintId, id, quiet, ...rest }: TextAreaFieldProps) {
  const { frame, controlId, ariaDescribedBy } = framed({ field, label, hint, hintId, id, quiet });
  return (
    <Field {...frame}>
      <textarea {...getTextareaProps(field, { ariaDescribedBy })} id={controlId} {...rest} />
    </Field>
  );
}

type SelectFieldProps = Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "form" | "defaultValue" | "value"> & {
    children: ReactNode;
  };

/** A labelled select (its options as children), its hint, and its first problem under it. */
export function SelectField({ field, label, hint, hintId, id, quiet, children, ...rest }: SelectFieldProps) {
  const { frame, controlId, ariaDescribedBy } = framed({ field, label, hint, hintId, id, quiet });
  return (
    <Field {...frame}>
      <select {...getSelectProps(field, { ariaDescribedBy })} id={controlId} {...rest}>
        {children}
      </select>
    </Field>
  );
}

type CheckFieldProps = {
  field: ProblemField;
  label: ReactNode;
  /** Value sent when ticked (a list of checkboxes under one name); "on" by default. */
  value?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id" | "name" | "form" | "value">;

/** A checkbox inside its label (the whole line is the target), and its problem under it. */
export function CheckField({ field, label, value, ...rest }: CheckFieldProps) {
  return (
    <>
      <label className="check">
        <input {...getInputProps(field, { type: "checkbox", value })} {...rest} /> <span>{label}</span>
      </label>
      <FieldError id={field.errorId} problems={field.errors} />
    </>
  );
}
