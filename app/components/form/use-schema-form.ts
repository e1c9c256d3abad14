// conform's useForm with the product's settings: the form's zod schema checks
// in the browser on submit, then again as the owner types; errors are problems
// (message keys). The route's action parses the same schema with parseForm.
//
// zod, @conform-to/zod and the schemas are not in the screen's first load
// (about 30 KB gzip): they come in their own chunk when the owner first
// touches the form (a focus, a press, a key). A submit that comes before them
// waits for them and is then checked as always. Without scripts the action
// checks the same schema and replies with the same per-field problems.
import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import type { Problem } from "~/utils/problem";
import { useLatest } from "~/components/ui/use-latest";

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

type Parse = typeof import("~/validation/parse");
/** The form's schema, picked from its loaded module (and the posted fields, for forms with two buttons). */
type Pick<M, S> = (schemas: M, formData: FormData) => S;
/** The form's checker once loaded: conform's submission for a post, as the action would parse it. */
type Check = (formData: FormData) => ReturnType<Parse["parseForm"]>;

let parseModule: Promise<Parse> | undefined;
const loadParse = () => (parseModule ??= import("~/validation/parse"));

/**
 * `useSchemaForm(() => import("~/validation/clients"), (m) => m.ClientForm, options)`.
 * Returns conform's form and fields, and `check` (null until loaded) for a
 * form that wants the refusal itself (a toast).
 */
export function useSchemaForm<M, S extends z.ZodType>(
  schemas: () => Promise<M>,
  pick: Pick<M, S>,
  options: Options<S>,
) {
  const [check, setCheck] = useState<Check | null>(null);
  const latest = useLatest({ schemas, pick });

  const [form, fields] = useForm<Input<S>, z.output<S>, Problem[]>({
    ...options,
    defaultValue: options.defaultValue as DefaultValue<Input<S>> | undefined,
    onValidate: check ? ({ formData }) => check(formData) as never : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const formId = form.id;
  const loading = useRef(false);
  // A submit that came before the checker: held, and sent again once it is here.
  const held = useRef<{ submitter: HTMLElement | null } | null>(null);
  // A held submit released without the checker (it failed to load): let it through once.
  const unchecked = useRef(false);
  // An answer from the action also brings the checker, so typing afterwards revalidates here, not on the server.
  const answered = options.lastResult != null;
  useEffect(() => {
    if (check) return;
    const load = () => {
      if (loading.current) return;
      loading.current = true;
      void Promise.all([loadParse(), latest.current.schemas()]).then(
        ([{ parseForm }, mod]) =>
          setCheck(() => (formData: FormData) => parseForm(formData, latest.current.pick(mod, formData))),
        () => {
          // The checker's code did not arrive (a lost connection): the next touch asks again, and a
          // held submit goes to the server as it is, which checks it the same way; the owner is never left waiting.
          parseModule = undefined;
          loading.current = false;
          const submit = held.current;
          held.current = null;
          const element = document.getElementById(formId);
          if (!submit || !(element instanceof HTMLFormElement)) return;
          unchecked.current = true;
          resubmit(element, submit.submitter);
        },
      );
    };
    // The attribute, not form.id: a field named "id" (a hidden input) shadows that property.
    const ours = (target: EventTarget | null) =>
      target instanceof Element &&
      (target.closest("form")?.getAttribute("id") === formId || target.getAttribute("form") === formId);
    const touched = (event: Event) => {
      if (ours(event.target)) load();
    };
    const submitted = (event: Event) => {
      if (!ours(event.target)) return;
      if (unchecked.current) {
        unchecked.current = false;
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      held.current = { submitter: (event as SubmitEvent).submitter };
      load();
    };
    const events = ["focusin", "pointerdown", "keydown"] as const;
    events.forEach((name) => document.addEventListener(name, touched, true));
    document.addEventListener("submit", submitted, true);
    if (answered) load();
    return () => {
      events.forEach((name) => document.removeEventListener(name, touched, true));
      document.removeEventListener("submit", submitted, true);
    };
  }, [check, formId, answered, latest]);

  // conform has the checker by now (its options update in a layout effect): the held submit goes through it.
  useEffect(() => {
    const submit = held.current;
    if (!check || !submit) return;
    held.current = null;
    const element = document.getElementById(formId);
    if (element instanceof HTMLFormElement) resubmit(element, submit.submitter);
  }, [check, formId]);

  return [form, fields, check] as const;
}

/**
 * A form posted with its own fetcher (a modal, a card's edit): whether it is saving, the action's last
 * refusal (`{ok: false, problem, reply?}`), and the form fed that refusal's reply (none while saving: an
 * old reply does not show while the next answer is on its way).
 */
export function useFetcherForm<D, M, S extends z.ZodType>(
  fetcher: FetcherWithComponents<D>,
  schemas: () => Promise<M>,
  pick: Pick<M, S>,
  options: Omit<Options<S>, "lastResult">,
) {
  const saving = fetcher.state !== "idle";
  const data = fetcher.data as (D & { ok?: unknown }) | undefined;
  const failed = data && data.ok === false ? (data as Extract<D, { ok: false }>) : undefined;
  const reply = (failed as { reply?: SubmissionResult<Problem[]> } | undefined)?.reply;
  const [form, fields, check] = useSchemaForm(schemas, pick, { ...options, lastResult: saving ? undefined : reply });
  return { saving, failed, form, fields, check };
}

/**
 * Submits again as the held submit did: with its button, or the form's button of the same name and value when a
 * re-render replaced it (the button carries the intent), or else a hidden one like it for that moment, as conform
 * makes for its own intents (`form.update`: a free-time chip tapped first in an edit must fill Time, not save).
 */
function resubmit(form: HTMLFormElement, submitter: HTMLElement | null) {
  const isButton = (el: unknown): el is HTMLButtonElement | HTMLInputElement =>
    el instanceof HTMLButtonElement || el instanceof HTMLInputElement;
  if (!isButton(submitter)) return form.requestSubmit();
  if (submitter.isConnected && submitter.form === form) return form.requestSubmit(submitter);
  const same = [...form.elements].find(
    (el) => isButton(el) && el.type === "submit" && el.name === submitter.name && el.value === submitter.value,
  );
  if (isButton(same) || !submitter.name) return form.requestSubmit(isButton(same) ? same : undefined);
  const again = document.createElement("button");
  again.name = submitter.name;
  again.value = submitter.value;
  again.hidden = true;
  again.formNoValidate = true;
  // Outside a form with an id, as conform puts its own (removing it then moves no focus in a dialog).
  const id = form.getAttribute("id");
  if (id) again.setAttribute("form", id);
  (id ? document.body : form).appendChild(again);
  try {
    form.requestSubmit(again);
  } finally {
    again.remove();
  }
}
