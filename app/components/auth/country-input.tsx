// Country text input with suggestions (an ARIA combobox): from 2 typed
// characters, case-insensitive substring, at most 10, in the UI language.
// The chosen alpha-2 code travels in a hidden input named `name`; what was
// typed in `${name}_text`. The form's problem about the country is tied to
// the text input, the one a person sees.
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { useLang, useT } from "~/i18n";
import { FieldError } from "~/components/form/field-error";
import { countryName, countrySuggestions, resolveCountry } from "~/services/countries";
import type { ProblemField } from "./form-problems";

type Props = { field: ProblemField; label: string; defaultCode?: string; disabled?: boolean; onChange?: (code: string) => void };

export function CountryInput({ field, label, defaultCode = "", disabled, onChange }: Props) {
  const name = field.name;
  const invalid = Boolean(field.errors?.length);
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [text, setText] = useState(() => (defaultCode ? countryName(defaultCode, lang) : ""));
  const [code, setCode] = useState(defaultCode);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useMemo(() => countrySuggestions(text, lang), [text, lang]);
  const chosenName = code ? countryName(code, lang) : "";
  const showList = open && !disabled && [...text.trim()].length >= 2 && text !== chosenName;

  const choose = (next: string) => {
    setCode(next);
    setText(countryName(next, lang));
    setOpen(false);
    setActive(-1);
    onChange?.(next);
  };

  const type = (value: string) => {
    setText(value);
    setOpen(true);
    setActive(-1);
    // Typing a full name counts as choosing it.
    const exact = resolveCountry(value);
    const next = exact && value.trim().length > 2 ? exact : "";
    setCode(next);
    onChange?.(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!showList) {
      if (e.key === "ArrowDown" && options.length) setOpen(true);
      return;
    }
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((i) => (i + 1) % Math.max(options.length, 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (e.key === "Enter" && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active].code);
    } else if (e.key === "Escape") {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="field combobox">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={`${name}_text`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-activedescendant={showList && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
        autoComplete="off"
        maxLength={100}
        placeholder={t("country.placeholder")}
        value={text}
        disabled={disabled}
        readOnly={disabled}
        onChange={(e) => type(e.target.value)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <input type="hidden" name={name} value={code} />
      <FieldError id={field.errorId} problems={field.errors} />
      {showList && (
        <ul className="combobox-list" id={`${id}-list`} role="listbox" aria-label={t("country.suggestions")}>
          {options.length === 0 && <li className="combobox-empty muted">{t("country.noMatch")}</li>}
          {options.map((o, i) => (
            // The keyboard picks through the combobox input (arrows, Enter), as the ARIA combobox pattern has it.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={o.code}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? "active" : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(o.code)}
            >
              {o.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
