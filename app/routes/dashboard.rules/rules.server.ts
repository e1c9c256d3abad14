// The Rules tab's loader and action: the rules (each reason as a key for the
// page to translate), what the wizard offers, and the wizard's Send and the
// details' Delete as intents. The same services as the JSON API.
import { data } from "@remix-run/cloudflare";
import { getAuthedUser, type AuthedUser } from "~/services/auth/session.server";
import {
  bookableClients,
  optedOutCandidates,
  ruleServices,
  serviceFilter,
  type Candidate,
} from "~/services/rules/candidates.server";
import { markManualSent } from "~/services/safety/manual.server";
import { reasonProblem } from "~/services/rules/reasons";
import { createRules, deleteOwnRules, listRules, type RuleClient, type RuleGroup } from "~/services/rules/rules.server";
import { formatPhone } from "~/utils/phone";
import { localDate } from "~/utils/time-zone";
import { AppError, problem, type Problem } from "~/utils/problem";
import { validate } from "~/validation/parse";
import { rulesIntent, type RulesAnswer } from "~/components/rules/answer";
import { CreateRuleSchema, ruleBodyFromForm } from "~/validation/rules";

type Business = AuthedUser["business"];

/** A client row as the page shows it: the number written out, why it was cancelled or failed as a key. */
export type ScreenRuleClient = Omit<RuleClient, "last_error"> & { phone_display: string; reason: Problem | null };
export type ScreenRule = Omit<RuleGroup, "clients"> & { clients: ScreenRuleClient[] };
/** A client the wizard offers, with the number written out. */
export type ScreenCandidate = Candidate & { phone_display: string };

const forScreen = (rule: RuleGroup): ScreenRule => ({
  ...rule,
  clients: rule.clients.map(({ last_error, ...client }) => ({
    ...client,
    phone_display: formatPhone(client.client_phone),
    reason: reasonProblem(last_error),
  })),
});
const candidateForScreen = (c: Candidate): ScreenCandidate => ({ ...c, phone_display: formatPhone(c.sender_number) });

/**
 * The page. `?service=` (repeatable) narrows the wizard's clients to those
 * services: the wizard loads it with a fetcher when services are chosen.
 */
export async function rulesPage(env: Env, business: Business, url: URL) {
  let services: string[];
  try {
    services = serviceFilter(url.searchParams);
  } catch (error) {
    if (error instanceof AppError) throw data(error.problem, error.status);
    throw error;
  }
  const now = Date.now();
  const [rules, offered, clients, optedOut] = await Promise.all([
    listRules(env.DB, business.id),
    ruleServices(env.DB, business.id),
    bookableClients(env.DB, business, now, services),
    optedOutCandidates(env.DB, business, now, services),
  ]);
  return {
    rules: rules.map(forScreen),
    services: offered,
    clients: clients.map(candidateForScreen),
    /** Clients the wizard leaves out because they opted out of automatic messages. */
    optedOut,
    timeZone: business.timeZone,
    sendTime: business.sendTime,
    messageLang: business.messageLang,
    quietStart: business.quietStart,
    quietEnd: business.quietEnd,
    today: localDate(now, business.timeZone),
  };
}

const answer = (result: RulesAnswer, status = 200) => data(result, status);

/**
 * create: the wizard's Send (a form: see ruleBodyFromForm), checked by the
 * API's schema; delete: a group (rule_group_id) or one rule (id). Signed out:
 * the spec's 'Please login again' (401), not a redirect, so the toast can say it.
 */
export async function rulesAction(env: Env, request: Request) {
  const form = await request.formData();
  const intent = rulesIntent(form.get("intent"));
  if (intent === "unknown") return answer({ ok: false, intent, problem: problem("problem.unknownAction") }, 400);
  const authed = await getAuthedUser(request, env);
  if (!authed) return answer({ ok: false, intent, problem: problem("rules.toast.login") }, 401);
  const { business } = authed;
  try {
    if (intent === "manual-done") {
      // "Send from your phone": the owner sent it; another business's message (or one not waiting) is not found.
      if (!(await markManualSent(env.DB, business.id, String(form.get("id") ?? ""), Date.now()))) {
        return answer({ ok: false, intent, problem: problem("safety.manual.notFound") });
      }
      return answer({ ok: true, intent, count: 1 });
    }
    if (intent === "create") {
      const body = validate(CreateRuleSchema, ruleBodyFromForm(form));
      if (!body.ok) return answer({ ok: false, intent, problem: body.problem }, 400);
      const { rules } = await createRules({ d1: env.DB, business, now: Date.now() }, body.value);
      return answer({ ok: true, intent, count: rules.length });
    }
    const group = String(form.get("rule_group_id") ?? "");
    const deleted = group
      ? await deleteOwnRules(env.DB, business.id, "group", group)
      : await deleteOwnRules(env.DB, business.id, "id", String(form.get("id") ?? ""));
    return answer({ ok: true, intent, count: deleted });
  } catch (error) {
    if (error instanceof AppError) return answer({ ok: false, intent, problem: error.problem }, error.status);
    console.error("Rules action failed", error);
    return answer({ ok: false, intent, problem: problem("problem.unexpected") }, 500);
  }
}
