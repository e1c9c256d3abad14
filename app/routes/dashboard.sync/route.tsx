import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ClientActionFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { useCallback, useState } from "react";
import { pageTitle, langFromRequest, useT } from "~/i18n";
import { requireUser } from "~/security/signed-in.server";
import { ContactsTable } from "~/components/sync/contacts-table";
import { ProposalList } from "~/components/sync/proposal-list";
import { DraftList } from "~/components/sync/draft-list";
import { OpeningList } from "~/components/sync/opening-list";
import { ResultGroup, type Group } from "~/components/sync/result-group";
import { ServiceCatalogue } from "~/components/sync/service-catalogue";
import { useSyncRun } from "~/components/sync/use-sync-run";
import { Toast, useToast } from "~/components/ui/toast";
import syncCss from "~/styles/sync.css?url";
import toastCss from "~/styles/toast.css?url";
import hoursCss from "~/styles/hours.css?url";
import { syncScreenAction, syncScreenData, type ScreenContact, type SyncActionData } from "./screen.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { isNavigationOrHttp } from "~/components/ui/lost-request";
import { problem } from "~/utils/problem";

export const links: LinksFunction = () => [toastCss, syncCss, hoursCss].map((href) => ({ rel: "stylesheet", href }));
export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "dash.tab.sync")];

/** The spec's Sync toast: 2000 ms for success, 2500 ms for errors, at the bottom. */
const TOAST_MS = { success: 2000, error: 2500 };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, business } = await requireUser(request, context);
  return syncScreenData(db, business, langFromRequest(request), Date.now());
}

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const { db, business } = await requireUser(request, context);
  const defer = (work: Promise<unknown>) => context.cloudflare.ctx.waitUntil(work);
  return syncScreenAction({ db, env, now: Date.now(), defer }, business, await request.formData());
}

/**
 * An Add Service that never reached the server says 'Failed to add service'
 * under the name and in a toast (the spec: also on a network error), keeping
 * what was typed, instead of taking the tab; other lost requests go to the
 * tab's error boundary.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await request.clone().formData();
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (isNavigationOrHttp(error) || form.get("intent") !== "service-add") throw error;
    const failure = problem("sync.err.addFailed");
    const failed: SyncActionData = {
      intent: "service-add",
      ok: false,
      problem: failure,
      reply: {
        status: "error",
        initialValue: { intent: "service-add", service: String(form.get("service") ?? "") },
        error: { service: [failure] },
      },
    };
    return Response.json(failed, { status: 503 });
  }
}

// Every service change reloads the list (also a refused one: another tab may
// have changed it); reading and saving Sync's results change nothing the loader
// shows. Accepting or dismissing a proposal, or sending or dismissing a drafted
// reply, reloads the lists and the tab badge (the default after an action), also
// when refused: it was decided elsewhere.
// A request that never arrived (503 from clientAction) reloads nothing over a dead network.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionStatus, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  if (actionStatus === 503 || intent === "preview" || intent === "save") return false;
  if (typeof intent === "string" && intent.startsWith("service-")) return true;
  return defaultShouldRevalidate;
};

export default function SyncTab() {
  const { services, contacts, proposals, drafts, openings, members } = useLoaderData<typeof loader>();
  const t = useT();
  const { toast, show, hide } = useToast();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [runId, setRunId] = useState(0);

  const onContactDone = useCallback(
    (contact: ScreenContact, data: Extract<SyncActionData, { intent: "preview" }> | undefined) => {
      if (data && !data.ok && data.problem.key === "sync.hint") {
        setGroups([]);
        show("error", t(data.problem.key));
        return;
      }
      const result = data?.ok ? data.result : null;
      const group: Group = {
        id: contact.id,
        name: result?.name ?? contact.name,
        phone: contact.phone,
        rows: (result?.items ?? []).map((i) => ({
          key: i.bookingId,
          service: i.service,
          date: i.date,
          time: i.time,
          notes: i.notes,
          quote: i.quote,
          memberId: i.memberId,
        })),
        problem: data?.ok ? null : (data?.problem ?? { key: "sync.readFailed" }),
      };
      setGroups((all) => [...(all ?? []), group]);
    },
    [show, t],
  );

  const run = useSyncRun(onContactDone);
  const chosen = contacts.filter((c) => selected.has(c.id));
  const noServices = services.length === 0;
  const canStart = chosen.length > 0 && !run.running && !noServices;

  function start() {
    if (!canStart) return;
    setGroups([]);
    setRunId((n) => n + 1);
    run.start(chosen);
  }

  return (
    <div className="sync stack">
      <header>
        <h1 className="tab-title">{t("sync.title")}</h1>
        <p className="muted small">{t("sync.intro")}</p>
      </header>

      <ProposalList proposals={proposals} services={services} members={members} show={show} />

      <DraftList drafts={drafts} show={show} />

      <OpeningList openings={openings} show={show} />

      <ServiceCatalogue items={services} show={show} />

      <section className="card sync-card" aria-labelledby="contacts-title">
        <h2 id="contacts-title" className="sync-h2">
          {t("sync.contacts")}
        </h2>
        <ContactsTable contacts={contacts} selected={selected} onChange={setSelected} disabled={run.running} />
        <div className="sync-actions">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={run.running}
            onClick={() => {
              setSelected(new Set());
              setGroups(null);
            }}
          >
            {t("sync.clear")}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!canStart}
            onClick={start}
            aria-describedby={noServices ? "sync-hint" : undefined}
          >
            {t("sync.start")}
          </button>
        </div>
        {noServices && (
          <p id="sync-hint" className="muted small sync-hint">
            {t("sync.hint")}
          </p>
        )}
      </section>

      <section className="card sync-card" aria-labelledby="results-title" aria-busy={run.running}>
        <h2 id="results-title" className="sync-h2">
          {t("sync.results")}
        </h2>
        {run.running && (
          <div className="sync-progress" role="status" data-testid="sync-progress">
            <p className="row gap-sm">
              <span className="spinner" aria-hidden="true" /> {t("sync.processing")}
            </p>
            {run.total > 1 && run.current && (
              <>
                <progress max={run.total} value={run.position - 1} aria-hidden="true" />
                <p className="small muted">
                  {t("sync.progress", { n: run.position, total: run.total, name: run.current.name })}
                </p>
              </>
            )}
          </div>
        )}
        {groups?.map((g) => (
          <ResultGroup key={`${runId}-${g.id}`} group={g} members={members} show={show} />
        ))}
        {!run.running && !groups?.length && <p className="muted empty-text">{t("sync.noResults")}</p>}
        <datalist id="sync-service-options">
          {services.map((s) => (
            <option key={s.id} value={s.service} />
          ))}
        </datalist>
      </section>

      <Toast toast={toast} onHide={hide} duration={TOAST_MS} placement="bottom" testId="sync-toast" />
    </div>
  );
}

/** A failed load or a lost request keeps the header and tabs, with Try again. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary tab={{ title: "sync.title", failed: "access.error.tabFailed" }} />;
}
