// Country text input with suggestions (an ARIA combobox): from 2 typed
// characters, case-insensitive substring, at most 10, in the UI language.
// The chosen alpha-2 code travels in a hidden input named `name`; what was
// typed in `${name}_text`. The form's problem about the country is tied to
// the text input, the one a person sees.
// The country names (both languages, about 11 KB gzip) load when the input is
// first focused; the screen's loader gives the saved country's name.
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { useLang, useT } from "~/i18n";
import type * as Countries from "~/services/countries";
import { useLatest } from "~/components/ui/use-latest";
import { Field, type ProblemField } from "./fields";

type Props = {
  field: ProblemField;
  label: string;
  defaultCode?: string;
  defaultName?: string;
  disabled?: boolean;
  onChange?: (code: string) => void;
};

let countriesModule: Promise<typeof Countries> | undefined;
const loadCountries = () => (countriesModule ??= import("~/services/countries"));

export function CountryInput({ field, label, defaultCode = "", defaultName = "", disabled, onChange }: Props) {
  const name = field.name;
  const invalid = Boolean(field.errors?.length);
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [countries, setCountries] = useState<typeof Countries | null>(null);
  const [text, setText] = useState(defaultName);
  const [code, setCode] = useState(defaultCode);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useMemo(() => countries?.countrySuggestions(text, lang) ?? [], [countries, text, lang]);
  const chosenName = code ? (countries?.countryName(code, lang) ?? defaultName) : "";
  const typed = useLatest({ text, code, onChange });

  const load = () => {
    if (countries) return;
    void loadCountries().then((m) => {
      setCountries(m);
      // A name typed before the names arrived counts now, as it would have then.
      const now = typed.current;
      if (!now.code && now.text) pick(m, now.text, now.onChange);
    });
  };
  const showList = open && countries !== null && !disabled && [...text.trim()].length >= 2 && text !== chosenName;

  const pick = (m: typeof Countries, value: string, changed?: (code: string) => void) => {
    // Typing a full name counts as choosing it.
    const exact = m.resolveCountry(value);
    const next = exact && value.trim().length > 2 ? exact : "";
    setCode(next);
    changed?.(next);
  };

  const choose = (next: string) => {
    setCode(next);
    setText(countries?.countryName(next, lang) ?? "");
    setOpen(false);
    setActive(-1);
    onChange?.(next);
  };

  const type = (value: string) => {
    setText(value);
    setOpen(true);
    setActive(-1);
    if (countries) pick(countries, value, onChange);
    else {
      setCode("");
      onChange?.("");
      load();
    }
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
    <Field id={id} label={label} className="combobox" errorId={field.errorId} problems={field.errors}>
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
        onFocus={() => {
          load();
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <input type="hidden" name={name} value={code} />
      {showList && (
        <ul className="combobox-list" id={`${id}-list`} role="listbox" aria-label={t("country.suggestions")}>
          {options.length === 0 && <li className="combobox-empty muted">{t("country.noMatch")}</li>}
          {options.map((o, i) => (
            // The keyboard picks through the combobox input (arrows, Enter), as the ARIA combobox pattern has it.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard works through the combobox input
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
    </Field>
  );
}
