// conform's useForm with the product's settings: the form's zod schema checks
// in the browser on submit, then again as the owner types; errors are problems
// (message keys). The route's action parses the same schema with parseForm.
import { useForm, type DefaultValue } from "@conform-to/react";
import type { z } from "zod";
import type { Problem } from "~/utils/problem";
import { parseForm } from "~/validation/parse";

type FormShape = Record<string, unknown>;
/** The fields as the form holds them (what the schema reads). */
type Input<S extends z.ZodType> = z.input<S> & FormShape;
type Options<S extends z.ZodType> = Omit<
  Parameters<typeof useForm<Input<S>, z.output<S>, Problem[]>>[0],
  "onValidate" | "shouldValidate" | "shouldRevalidate" | "defaultValue"
> & {
  /** Starting values as the screen has them (booleans and numbers included); conform shows them as text. */
  defaultValue?: FormShape;
};

export function useSchemaForm<S extends z.ZodType>(schema: S, options: Options<S>) {
  return useForm<Input<S>, z.output<S>, Problem[]>({
    ...options,
    defaultValue: options.defaultValue as DefaultValue<Input<S>> | undefined,
    onValidate: ({ formData }) => parseForm(formData, schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}
