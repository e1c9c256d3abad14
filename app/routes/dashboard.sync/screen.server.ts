// The Sync tab's loader data and form actions (cookie session, fetchers).
// They call the same services as the JSON API; a failure goes back as a
// problem (a message key) that the screen shows in the owner's language, with
// conform's reply for the catalogue's forms.
import { data } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import type { Db } from "~db";
import {
  addService,
  deleteService,
  listServices,
  renameService,
  updateService,
} from "~/services/catalogue/services.server";
import { ServiceForm } from "~/validation/services";
import { dismissProposal, listProposals, type ProposalView } from "~/services/proposals/proposals.server";
import { dismissDraft, listDrafts, sendDraft, type DraftView } from "~/services/drafts/drafts.server";
import { DraftSend } from "~/validation/drafts";
import { listOpenings, reasonText } from "~/services/openings/openings.server";
import { offeredClients, offerOpening, takenOpenings } from "~/services/openings/offers.server";
import { OpeningOffer } from "~/validation/openings";
import { translator } from "~/i18n/messages.server";
import { listSyncContacts } from "~/services/sync/contacts.server";
import { rhythmsOfPhones } from "~/services/clients/rhythms.server";
import type { Reliability } from "~/components/sync/reliability-line";
import { previewSync, type PreviewResult } from "~/services/sync/preview.server";
import { saveSync, syncPlacer } from "~/services/sync/save.server";
import { listTeam } from "~/services/team/team.server";
import type { Lang } from "~/i18n";
import type { TimeWarning, WorkingHours } from "~/services/time/span";
import type { Conflict } from "~/services/bookings/overlaps.server";
import { bookingBusiness, decideBooking } from "~/services/bookings/decide.server";
import { isTaken, outcomeError } from "~/services/bookings/outcome";
import { addDays, isRealDate, isTimeOfDay } from "~/utils/dates";
import { formatPhone } from "~/utils/phone";
import { localDate } from "~/utils/time-zone";
import { AppError, problem, type Problem } from "~/utils/problem";
import { firstFormProblem, parseForm, validate } from "~/validation/parse";
import { ProposalEditForm, ProposalIdForm, type ProposalCorrectionInput } from "~/validation/proposals";
import {
  AddServiceForm,
  PREVIEW_LIMIT_DEFAULT,
  PreviewBody,
  RenameServiceForm,
  SaveBody,
  SaveForm,
  ServiceIdForm,
} from "~/validation/sync";
import type { ServiceContext } from "~/services/service-context";

/** `defer`: work that may finish after the answer (handing a sent draft to the queue; the cron sweep takes it otherwise). */
type Ctx = ServiceContext & { defer?: (work: Promise<unknown>) => void };
/** `messageLang`: the business's (an offer to a client with no known language is written in it; "en" when not given). */
type Business = { id: string; timeZone: string; country: string; workingHours: WorkingHours; messageLang?: string };
const withLang = (b: Business) => ({ ...b, messageLang: b.messageLang ?? "en" });

export type ScreenContact = { id: string; name: string; phone: string };

/**
 * An open proposal as its card shows it: the phone formatted, and the day for
 * people: "today" or "tomorrow" in the business's time zone (the screen says
 * it in the owner's language), else `dayText`, the weekday and date in it.
 */
export type ScreenProposal = Omit<ProposalView, "client_phone" | "created_at" | "from"> & {
  client_phone: string;
  day: "today" | "tomorrow" | null;
  dayText: string;
  /** A change's booking time when proposed (the old time beside a reschedule's new one), its day as `day`/`dayText` say it. */
  from: { date: string; time: string; day: "today" | "tomorrow" | null; dayText: string } | null;
  /** The client's record with the salon, for the card's reliability line (null: not a client yet). */
  reliability: Reliability | null;
};

const LOCALES: Record<Lang, string> = { en: "en-GB", he: "he-IL" };

/** "Wednesday 20 May" ("יום רביעי, 20 במאי"), with the year when it is not this year's. */
function dayText(date: string, today: string, lang: Lang): string {
  const [y, m, d] = date.split("-").map(Number);
  const options: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" };
  if (date.slice(0, 4) !== today.slice(0, 4)) options.year = "numeric";
  return new Intl.DateTimeFormat(LOCALES[lang], options).format(new Date(Date.UTC(y, m - 1, d)));
}

export function screenProposals(
  views: ProposalView[],
  business: Business,
  lang: Lang,
  now: number,
  records: Map<string, Reliability> = new Map(),
): ScreenProposal[] {
  const today = localDate(now, business.timeZone);
  const tomorrow = addDays(today, 1);
  const dayOf = (date: string) => (date === today ? "today" : date === tomorrow ? "tomorrow" : null);
  return views.map(({ created_at: _created, from, ...p }) => {
    const r = records.get(p.client_phone);
    return {
      ...p,
      client_phone: formatPhone(p.client_phone),
      day: dayOf(p.date),
      dayText: dayText(p.date, today, lang),
      from: from ? { ...from, day: dayOf(from.date), dayText: dayText(from.date, today, lang) } : null,
      reliability: r ? { visits: r.visits, no_shows: r.no_shows, late_cancels: r.late_cancels } : null,
    };
  });
}

/** A drafted reply as its card shows it: the phone formatted, and each offered time with its day for people. */
export type ScreenDraft = Omit<DraftView, "client_phone" | "slots" | "created_at"> & {
  client_phone: string;
  slots: Array<{ date: string; time: string; day: "today" | "tomorrow" | null; dayText: string }>;
};

export function screenDrafts(views: DraftView[], business: Business, lang: Lang, now: number): ScreenDraft[] {
  const today = localDate(now, business.timeZone);
  const tomorrow = addDays(today, 1);
  return views.map(({ created_at: _created, ...d }) => ({
    ...d,
    client_phone: formatPhone(d.client_phone),
    slots: d.slots.map((s) => ({
      ...s,
      day: s.date === today ? "today" : s.date === tomorrow ? "tomorrow" : null,
      dayText: dayText(s.date, today, lang),
    })),
  }));
}

/**
 * A freed slot as its card shows it: the day for people (as a proposal's),
 * each candidate with why in the owner's language and whether it was offered
 * to them, how many it was offered to, and who took it (null: still open).
 */
export type ScreenOpening = {
  id: string;
  date: string;
  time: string;
  service: string;
  day: "today" | "tomorrow" | null;
  dayText: string;
  candidates: Array<{ client_id: string; name: string; reason: string; offered: boolean }>;
  offered: number;
  taken_by: string | null;
};

export async function screenOpenings(db: Db, business: Business, lang: Lang, now: number): Promise<ScreenOpening[]> {
  const [open, taken] = await Promise.all([
    listOpenings(db, withLang(business), now),
    takenOpenings(db, business.id, now),
  ]);
  const offers = await offeredClients(
    db,
    business.id,
    open.map((o) => o.id),
  );
  const t = translator(lang);
  const today = localDate(now, business.timeZone);
  const tomorrow = addDays(today, 1);
  const when = (date: string) =>
    ({
      day: date === today ? "today" : date === tomorrow ? "tomorrow" : null,
      dayText: dayText(date, today, lang),
    }) as const;
  const shown: ScreenOpening[] = [
    ...open.map((o) => {
      const offered = offers.get(o.id) ?? [];
      return {
        id: o.id,
        date: o.date,
        time: o.time,
        service: o.service,
        ...when(o.date),
        candidates: o.candidates.map((c) => ({
          client_id: c.client_id,
          name: c.name,
          reason: reasonText(t, c.reason),
          offered: offered.includes(c.client_id),
        })),
        offered: offered.length,
        taken_by: null,
      };
    }),
    ...taken.map((o) => ({
      id: o.id,
      date: o.date,
      time: o.time,
      service: o.service,
      ...when(o.date),
      candidates: [],
      offered: o.offered,
      taken_by: o.taken_by,
    })),
  ];
  return shown.sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`));
}

export async function syncScreenData(db: Db, business: Business, lang: Lang, now: number) {
  const [services, contacts, proposals, team, drafts, openings] = await Promise.all([
    listServices(db, business.id),
    listSyncContacts(db, business.id),
    listProposals(db, business.id),
    listTeam(db, business),
    listDrafts(db, business.id),
    screenOpenings(db, business, lang, now),
  ]);
  const records = await rhythmsOfPhones(
    db,
    business,
    proposals.map((p) => p.client_phone),
    now,
  );
  // Formatted here so the phone library stays out of the browser bundle.
  const shown: ScreenContact[] = contacts.map((c) => ({ ...c, phone: c.phone ? formatPhone(c.phone) : "" }));
  // With a team, a request's Edit chooses whose calendar (default: the first free member who does the service).
  const members = team.map((m) => ({ id: m.id, name: m.name, color: m.color }));
  return {
    services,
    contacts: shown,
    proposals: screenProposals(proposals, business, lang, now, records),
    drafts: screenDrafts(drafts, business, lang, now),
    openings,
    members,
  };
}

/**
 * A contact's proposed bookings as the results screen edits them: with a team,
 * each with the member placement would choose (`memberId`, "" when it cannot
 * tell: an incomplete date or time, or no team to choose from).
 */
export type ScreenPreview = Omit<PreviewResult, "items"> & {
  items: (PreviewResult["items"][number] & { memberId: string })[];
};

async function withMembers(db: Db, business: Business, result: PreviewResult): Promise<ScreenPreview> {
  const complete = (i: PreviewResult["items"][number]) => isRealDate(i.date) && isTimeOfDay(i.time);
  const placer = await syncPlacer(
    db,
    business,
    result.items.filter(complete).map((i) => i.date),
  );
  const items = [];
  for (const item of result.items) {
    const member = placer.team.length > 1 && complete(item) ? await placer.place(item) : null;
    items.push({ ...item, memberId: member?.id ?? "" });
  }
  return { ...result, items };
}

type Reply = SubmissionResult<Problem[]>;
type Failed = { ok: false; problem: Problem };
/** An accepted proposal's booking and what it overlaps (accepted with "Book anyway"); a refusal may name the bookings in the way. */
type Accepted = { ok: true; conflicts: Conflict[]; warnings: TimeWarning[] };
type Refused = Failed & { conflicts?: Conflict[] };

export type SyncActionData =
  | ({ intent: "service-add" } & ({ ok: true; name: string } | Failed) & { reply: Reply })
  | ({ intent: "service-update"; id: string } & ({ ok: true; name: string } | Failed) & { reply: Reply })
  | ({ intent: "service-delete"; id: string } & ({ ok: true } | Failed))
  | ({ intent: "service-details"; id: string } & ({ ok: true; name: string } | Failed) & { reply: Reply })
  | ({ intent: "preview"; userId: string } & ({ ok: true; result: ScreenPreview } | Failed))
  | ({ intent: "save"; userId: string } & (
      { ok: true; saved: number; skipped: number; conflicts: Conflict[]; warnings: TimeWarning[] } | Failed
    ))
  | ({ intent: "proposal-accept"; id: string } & (Accepted | Refused))
  | ({ intent: "proposal-edit"; id: string } & (Accepted | Refused) & { reply: Reply })
  | ({ intent: "proposal-dismiss"; id: string } & ({ ok: true } | Failed))
  | ({ intent: "draft-send" | "draft-dismiss"; id: string } & ({ ok: true } | Failed))
  | ({ intent: "opening-offer"; id: string } & ({ ok: true; offered: number } | Failed))
  | ({ intent: null } & Failed);

const answer = (body: SyncActionData, status = 200) => data(body, { status });

/**
 * A service's refusal is shown on a 200 answer (see `caught` in utils/problem.ts),
 * keeping its status for the screen's own decisions; an unexpected failure is
 * logged and answered 500 with the screen's own words for it.
 */
function settle(error: unknown, fallback: Problem): { status: number; problem: Problem; answerStatus: number } {
  if (error instanceof AppError) return { status: error.status, problem: error.problem, answerStatus: 200 };
  console.error(error);
  return { status: 500, problem: fallback, answerStatus: 500 };
}

/** Accepting warns first: a time that overlaps another booking is refused until the owner taps "Book anyway". */
const acceptChecked = (
  ctx: Ctx,
  business: Business,
  id: string,
  corrections: ProposalCorrectionInput,
  ifFree: boolean,
  ack = true,
) =>
  decideBooking(ctx.env, {
    kind: "accept",
    business: bookingBusiness(business),
    proposalId: id,
    corrections,
    ifFree,
    now: ctx.now,
    ack,
  });

export async function syncScreenAction(ctx: Ctx, business: Business, form: FormData) {
  const intent = form.get("intent");
  const fields = Object.fromEntries(form);
  switch (intent) {
    case "service-add": {
      const submission = parseForm(form, AddServiceForm);
      if (submission.status !== "success")
        return answer(
          { intent, ok: false, problem: firstFormProblem(submission.error), reply: submission.reply() },
          400,
        );
      try {
        const item = await addService(ctx.db, business.id, submission.value.service, ctx.now);
        return answer({ intent, ok: true, name: item.service, reply: submission.reply({ resetForm: true }) });
      } catch (error) {
        const { problem: failure, answerStatus } = settle(error, problem("sync.err.addFailed"));
        return answer(
          { intent, ok: false, problem: failure, reply: submission.reply({ fieldErrors: { service: [failure] } }) },
          answerStatus,
        );
      }
    }
    case "service-update": {
      const submission = parseForm(form, RenameServiceForm);
      const id = typeof fields.id === "string" ? fields.id.slice(0, 200) : "";
      if (submission.status !== "success")
        return answer(
          { intent, id, ok: false, problem: firstFormProblem(submission.error), reply: submission.reply() },
          400,
        );
      try {
        const item = await renameService(ctx.db, business.id, submission.value.id, submission.value.service);
        return answer({ intent, id, ok: true, name: item.service, reply: submission.reply({ resetForm: true }) });
      } catch (error) {
        const { problem: failure, answerStatus } = settle(error, problem("problem.unexpected"));
        return answer(
          { intent, id, ok: false, problem: failure, reply: submission.reply({ fieldErrors: { service: [failure] } }) },
          answerStatus,
        );
      }
    }
    case "service-details": {
      // The service form: name, duration, buffer and price together.
      const submission = parseForm(form, ServiceForm);
      const id = typeof fields.id === "string" ? fields.id.slice(0, 200) : "";
      if (submission.status !== "success")
        return answer(
          { intent, id, ok: false, problem: firstFormProblem(submission.error), reply: submission.reply() },
          400,
        );
      const { service, ...details } = submission.value;
      try {
        const item = await updateService(ctx.db, business.id, id, service, details);
        return answer({ intent, id, ok: true, name: item.service, reply: submission.reply({ resetForm: true }) });
      } catch (error) {
        const { problem: failure, answerStatus } = settle(error, problem("problem.unexpected"));
        return answer(
          { intent, id, ok: false, problem: failure, reply: submission.reply({ formErrors: [failure] }) },
          answerStatus,
        );
      }
    }
    case "service-delete": {
      const input = validate(ServiceIdForm, fields);
      const id = input.ok ? input.value.id : "";
      try {
        await deleteService(ctx.db, business.id, id);
        return answer({ intent, id, ok: true });
      } catch (error) {
        const { problem: failure, answerStatus } = settle(error, problem("problem.unexpected"));
        return answer({ intent, id, ok: false, problem: failure }, answerStatus);
      }
    }
    case "preview": {
      const userId = typeof fields.user_id === "string" ? fields.user_id.slice(0, 200) : "";
      // The screen's own words for a contact it could not read, whatever the reason.
      const unread = problem("sync.readFailed");
      const body = validate(PreviewBody, { user_ids: [userId], limit: PREVIEW_LIMIT_DEFAULT });
      if (!body.ok) return answer({ intent, userId, ok: false, problem: unread }, 400);
      try {
        const outcome = await previewSync(ctx, business, body.value);
        const result = outcome.results[0];
        if (!result || outcome.unread.includes(result.id))
          return answer({ intent, userId, ok: false, problem: unread });
        return answer({ intent, userId, ok: true, result: await withMembers(ctx.db, business, result) });
      } catch (error) {
        const { problem: failure, answerStatus } = settle(error, unread);
        // With no services the run stops and the screen says so; any other failure is this contact's.
        return answer(
          { intent, userId, ok: false, problem: failure.key === "sync.hint" ? failure : unread },
          answerStatus,
        );
      }
    }
    case "save": {
      const userId = typeof fields.user_id === "string" ? fields.user_id.slice(0, 200) : "";
      const failed = problem("sync.saveFailed");
      const input = validate(SaveForm, fields);
      if (!input.ok) return answer({ intent, userId, ok: false, problem: failed }, 400);
      let items: unknown;
      try {
        items = JSON.parse(input.value.items);
      } catch {
        return answer({ intent, userId, ok: false, problem: failed }, 400);
      }
      const body = validate(SaveBody, { results: [{ user_id: input.value.user_id, items }] });
      if (!body.ok) return answer({ intent, userId, ok: false, problem: body.problem }, 400);
      try {
        const { saved, skipped, conflicts, warnings } = await saveSync(ctx, business, body.value);
        return answer({ intent, userId, ok: true, saved, skipped, conflicts, warnings });
      } catch (error) {
        const { status, problem: failure, answerStatus } = settle(error, failed);
        // Not found (gone, or not this business's) reads as the spec's "Failed to save for this contact.", a member not found as itself.
        const said = status === 404 && failure.key !== "team.err.notFound" ? failed : failure;
        return answer({ intent, userId, ok: false, problem: said }, answerStatus);
      }
    }
    case "proposal-accept": {
      const input = validate(ProposalIdForm, fields);
      const id = input.ok ? input.value.id : "";
      try {
        // A change's card sends ack=0 when its "Answer the customer" switch is off.
        const outcome = await acceptChecked(ctx, business, id, {}, fields.book_anyway !== "1", fields.ack !== "0");
        if (isTaken(outcome))
          return answer({ intent, id, ok: false, problem: outcome.problem, conflicts: outcome.conflicts });
        if (!outcome.ok) throw outcomeError(outcome);
        return answer({ intent, id, ok: true, conflicts: outcome.conflicts, warnings: outcome.warnings });
      } catch (error) {
        const { problem: failure, answerStatus } = settle(error, problem("problem.unexpected"));
        return answer({ intent, id, ok: false, problem: failure }, answerStatus);
      }
    }
    case "proposal-edit": {
      const submission = parseForm(form, ProposalEditForm);
      const id = typeof fields.id === "string" ? fields.id.slice(0, 200) : "";
      if (submission.status !== "success")
        return answer(
          { intent, id, ok: false, problem: firstFormProblem(submission.error), reply: submission.reply() },
          400,
        );
      const { id: _id, ...corrections } = submission.value;
      try {
        const outcome = await acceptChecked(ctx, business, id, corrections, fields.book_anyway !== "1");
        if (isTaken(outcome))
          return answer({
            intent,
            id,
            ok: false,
            problem: outcome.problem,
            conflicts: outcome.conflicts,
            reply: submission.reply(),
          });
        if (!outcome.ok) throw outcomeError(outcome);
        return answer({
          intent,
          id,
          ok: true,
          conflicts: outcome.conflicts,
          warnings: outcome.warnings,
          reply: submission.reply({ resetForm: true }),
        });
      } catch (error) {
        const { problem: failure, answerStatus } = settle(error, problem("problem.unexpected"));
        return answer({ intent, id, ok: false, problem: failure, reply: submission.reply() }, answerStatus);
      }
    }
    case "proposal-dismiss": {
      const input = validate(ProposalIdForm, fields);
      const id = input.ok ? input.value.id : "";
      try {
        await dismissProposal(ctx.db, business.id, id);
        return answer({ intent, id, ok: true });
      } catch (error) {
        const { problem: failure, answerStatus } = settle(error, problem("problem.unexpected"));
        return answer({ intent, id, ok: false, problem: failure }, answerStatus);
      }
    }
    case "draft-send": {
      // `text` comes only from Edit then Send; Send as drafted leaves it out (the times are checked again).
      const id = typeof fields.id === "string" ? fields.id.slice(0, 200) : "";
      const body = validate(DraftSend, "text" in fields ? { text: fields.text } : {});
      if (!body.ok) return answer({ intent, id, ok: false, problem: body.problem }, 400);
      try {
        await sendDraft(ctx.env, ctx.db, business.id, id, body.value.text, ctx.now, ctx.defer);
        return answer({ intent, id, ok: true });
      } catch (error) {
        const { problem: failure, answerStatus } = settle(error, problem("problem.unexpected"));
        return answer({ intent, id, ok: false, problem: failure }, answerStatus);
      }
    }
    case "draft-dismiss": {
      const id = typeof fields.id === "string" ? fields.id.slice(0, 200) : "";
      try {
        await dismissDraft(ctx.db, business.id, id, ctx.now);
        return answer({ intent, id, ok: true });
      } catch (error) {
        const { problem: failure, answerStatus } = settle(error, problem("problem.unexpected"));
        return answer({ intent, id, ok: false, problem: failure }, answerStatus);
      }
    }
    case "opening-offer": {
      // One checkbox `client_id` per chosen candidate.
      const id = typeof fields.id === "string" ? fields.id.slice(0, 200) : "";
      const body = validate(OpeningOffer, { client_ids: form.getAll("client_id") });
      if (!body.ok) return answer({ intent, id, ok: false, problem: body.problem }, 400);
      try {
        const offered = await offerOpening(
          ctx.env,
          ctx.db,
          withLang(business),
          id,
          body.value.client_ids,
          ctx.now,
          ctx.defer,
        );
        return answer({ intent, id, ok: true, offered });
      } catch (error) {
        const { problem: failure, answerStatus } = settle(error, problem("problem.unexpected"));
        return answer({ intent, id, ok: false, problem: failure }, answerStatus);
      }
    }
    default:
      return answer({ intent: null, ok: false, problem: problem("problem.unknownAction") }, 400);
  }
}
