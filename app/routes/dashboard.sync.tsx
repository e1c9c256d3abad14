import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useT } from "~/i18n";
import { requireUser } from "~/security/signed-in.server";
import { syncScreenAction, syncScreenData, type ScreenContact, type SyncActionData } from "~/services/sync/screen.server";
import { ContactsTable } from "~/components/sync/contacts-table";
import { ResultGroup, type Group } from "~/components/sync/result-group";
import { ServiceCatalogue } from "~/components/sync/service-catalogue";
import { Toast, useToast } from "~/components/sync/toast";
import { useSyncRun } from "~/components/sync/use-sync-run";
import styles from "~/styles/sync.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Sync · Chatbook" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, business } = await requireUser(request, context.cloudflare.env);
  return syncScreenData(db, business.id);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const { db, business } = await requireUser(request, env);
  return syncScreenAction({ db, env, now: Date.now() }, business, await request.formData());
}

// Service changes reload the list; reading and saving proposals change nothing shown by the loader.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  return intent === "preview" || intent === "save" ? false : defaultShouldRevalidate;
};

export default function SyncTab() {
  const { services, contacts } = useLoaderData<typeof loader>();
  const t = useT();
  const { toast, notify } = useToast();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [runId, setRunId] = useState(0);

  const onContactDone = useCallback((contact: ScreenContact, data: SyncActionData | undefined) => {
    if (data?.intent === "preview" && !data.ok && data.code === "noServices") {
      setGroups([]);
      notify(t("sync.hint"), "error");
      return;
    }
    const result = data?.intent === "preview" && data.ok ? data.result : null;
    const group: Group = {
      id: contact.id,
      name: result?.name ?? contact.name,
      phone: contact.phone,
      rows: (result?.items ?? []).map((i) => ({ key: i.bookingId, service: i.service, date: i.date, time: i.time, notes: i.notes, quote: i.quote })),
      failed: !result,
    };
    setGroups((all) => [...(all ?? []), group]);
  }, [notify, t]);

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

      <ServiceCatalogue items={services} notify={notify} />

      <section className="card sync-card" aria-labelledby="contacts-title">
        <h2 id="contacts-title" className="sync-h2">{t("sync.contacts")}</h2>
        <ContactsTable contacts={contacts} selected={selected} onChange={setSelected} disabled={run.running} />
        <div className="sync-actions">
          <button type="button" className="btn btn-ghost" disabled={run.running} onClick={() => { setSelected(new Set()); setGroups(null); }}>
            {t("sync.clear")}
          </button>
          <button type="button" className="btn btn-primary" disabled={!canStart} onClick={start} aria-describedby={noServices ? "sync-hint" : undefined}>
            {t("sync.start")}
          </button>
        </div>
        {noServices && <p id="sync-hint" className="muted small sync-hint">{t("sync.hint")}</p>}
      </section>

      <section className="card sync-card" aria-labelledby="results-title" aria-busy={run.running}>
        <h2 id="results-title" className="sync-h2">{t("sync.results")}</h2>
        {run.running && (
          <div className="sync-progress" role="status" data-testid="sync-progress">
            <p className="row gap-sm"><span className="spinner" aria-hidden="true" /> {t("sync.processing")}</p>
            {run.total > 1 && run.current && (
              <>
                <progress max={run.total} value={run.position - 1} aria-hidden="true" />
                <p className="small muted">{t("sync.progress", { n: run.position, total: run.total, name: run.current.name })}</p>
              </>
            )}
          </div>
        )}
        {groups?.map((g) => <ResultGroup key={`${runId}-${g.id}`} group={g} notify={notify} />)}
        {!run.running && !groups?.length && <p className="muted empty-text">{t("sync.noResults")}</p>}
        <datalist id="sync-service-options">
          {services.map((s) => <option key={s.id} value={s.service} />)}
        </datalist>
      </section>

      <Toast toast={toast} />
    </div>
  );
}
