// The pieces every account and settings form shares: the spec's red banner
// with the form's first problem, and a text field tied to its own problem
// (conform's getInputProps sets aria-invalid and aria-describedby).
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
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

type TextFieldProps = {
  field: ProblemField;
  label: string;
  type?: "text" | "email" | "tel" | "number";
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id" | "name" | "form" | "defaultValue" | "value">;

/** A labelled input, its hint, and its first problem right under it. */
export function TextField({ field, label, type = "text", hint, ...rest }: TextFieldProps) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type, ariaDescribedBy: hintId })} {...rest} />
      {hint && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
      <FieldError id={field.errorId} problems={field.errors} />
    </div>
  );
}
