// A password input with a show/hide toggle (a real button, announced as
// pressed) and its own problem under it.
import { getInputProps } from "@conform-to/react";
import { useState } from "react";
import { useT } from "~/i18n";
import { EyeIcon, EyeOffIcon } from "~/components/ui/icons";
import { Field, type ProblemField } from "./fields";

type Props = { field: ProblemField; label: string; autoComplete: "current-password" | "new-password" };

export function PasswordField({ field, label, autoComplete }: Props) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <Field id={field.id} label={label} errorId={field.errorId} problems={field.errors}>
      <div className="password-wrap">
        <input
          {...getInputProps(field, { type: shown ? "text" : "password" })}
          maxLength={200}
          autoComplete={autoComplete}
        />
        <button
          type="button"
          className="password-toggle"
          aria-label={shown ? t("field.hidePassword") : t("field.showPassword")}
          aria-pressed={shown}
          aria-controls={field.id}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </Field>
  );
}
