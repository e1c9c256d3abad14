// The Clients screen's loader and action (cookie session, form posts): the
// same services as the JSON API; failures come back as problems (message
// keys) that the screen shows in the reader's language.
import { data } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import type { Db } from "~db";
import { listQuery, SCREEN_PAGE } from "~/services/list-query.server";
import { clearAwaiting } from "~/services/replies/replies.server";
import {
  CLIENT_PAGE_MAX,
  createClient,
  deleteClient,
  getClient,
  listClients,
  updateClient,
  type BusinessRef,
  type ClientView,
} from "~/services/clients/clients.server";
import { dueClients, type DueClient } from "~/services/clients/due.server";
import { formatPhone } from "~/utils/phone";
import { AppError, caught, problem, type Problem } from "~/utils/problem";
import { ClientForm } from "~/validation/clients";
import { firstFormProblem, parseForm } from "~/validation/parse";
import type { ServiceContext } from "~/services/service-context";

export type ClientItem = ClientView & { phone_display: string };
export type DueItem = DueClient & { phone_display: string };
/** A failed action: the problem to show, and for the conform forms their field errors. */
export type ScreenFailure = { ok: false; problem: Problem; reply?: SubmissionResult<Problem[]> };
export type ClientActionResult =
  | { ok: true; intent: "create" | "update"; client: ClientItem }
  | { ok: true; intent: "delete"; id: string }
  | { ok: true; intent: "clear-waiting"; id: string }
  | ScreenFailure;

export const withDisplay = (c: ClientView): ClientItem => ({ ...c, phone_display: formatPhone(c.phone) });

/** A service's failure thrown from a loader: an error page with the problem (a bad query string is a 400, not a crash). */
export function screenError(error: unknown): never {
  if (error instanceof AppError) throw data({ problem: error.problem }, { status: error.status });
  throw error;
}

/** The first page, unfiltered, also lists the clients due this week (due.server.ts). */
export async function clientsPage(
  db: Db,
  business: BusinessRef & { messageLang?: string },
  params: URLSearchParams,
  now: number,
) {
  try {
    const options = listQuery(params, CLIENT_PAGE_MAX);
    const whole = !options.q && !options.from && !options.to && !options.cursor;
    const [page, due] = await Promise.all([
      listClients(db, business, { ...options, limit: options.limit ?? SCREEN_PAGE }, now),
      whole ? dueClients(db, { ...business, messageLang: business.messageLang ?? "en" }, now) : [],
    ]);
    return {
      clients: page.clients.map(withDisplay),
      next_cursor: page.next_cursor,
      filters: { q: options.q, from: options.from ?? "", to: options.to ?? "" },
      due: due.map((c): DueItem => ({ ...c, phone_display: formatPhone(c.phone) })),
    };
  } catch (error) {
    screenError(error);
  }
}

/**
 * A failed post. A form its schema refuses answers 400; a service's refusal
 * (a duplicate, a row gone meanwhile...) answers 200 with the problem, as the
 * screens' convention has it (browsers log every 4xx answer to a fetch).
 */
const failure = (status: 200 | 400, found: Problem, reply?: SubmissionResult<Problem[]>) =>
  data<ClientActionResult>(reply ? { ok: false, problem: found, reply } : { ok: false, problem: found }, { status });

export async function clientsAction(deps: ServiceContext, business: BusinessRef, form: FormData) {
  const { db, now } = deps;
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  if (intent === "create" || intent === "update") {
    // The Add Client modal and the inline edit both send every field.
    const submission = parseForm(form, ClientForm);
    if (submission.status !== "success") {
      // An unknown id is a 404 whatever the fields say.
      if (intent === "update" && !(await getClient(db, business, id, now)))
        return failure(200, problem("clients.err.notFound"));
      return failure(400, firstFormProblem(submission.error), submission.reply());
    }
    try {
      const client =
        intent === "create"
          ? await createClient(db, business, submission.value, now)
          : await updateClient(db, business, id, submission.value, now);
      return data<ClientActionResult>({ ok: true, intent, client: withDisplay(client) });
    } catch (error) {
      const refusal = caught(error);
      const onPhone = refusal.problem.key === "clients.err.duplicatePhone" || refusal.status === 400;
      return failure(
        200,
        refusal.problem,
        submission.reply(onPhone ? { fieldErrors: { phone: [refusal.problem] } } : { formErrors: [refusal.problem] }),
      );
    }
  }
  try {
    if (intent === "clear-waiting") {
      if (!(await clearAwaiting(deps.env.DB, business.id, id))) return failure(200, problem("clients.err.notFound"));
      return data<ClientActionResult>({ ok: true, intent, id });
    }
    if (intent === "delete") {
      await deleteClient(deps, business.id, id);
      return data<ClientActionResult>({ ok: true, intent, id });
    }
  } catch (error) {
    return failure(200, caught(error).problem);
  }
  return failure(400, problem("problem.unknownAction"));
}
