// A field's first problem under its input, in the reader's language. The input
// points at it with aria-describedby (conform's getInputProps does this when
// the field is invalid, using field.errorId).
import { useT } from "~/i18n";
import type { Problem } from "~/utils/problem";

export function FieldError({ id, problems }: { id: string; problems?: readonly Problem[] | null }) {
  const t = useT();
  const first = problems?.[0];
  return (
    <span id={id} className="field-error" role={first ? "alert" : undefined}>
      {first ? t(first.key, first.params) : null}
    </span>
  );
}

/** The text of a problem (for banners, toasts and the spec's alerts). */
export function useProblemText() {
  const t = useT();
  return (problem: Problem) => t(problem.key, problem.params);
}
