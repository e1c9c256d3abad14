// Clients tab (WhatsApp Clients): search, last-visit range, expandable rows,
// Add Client. Pages of 30 (SCREEN_PAGE) newest first with "Load more"; edits patch the list
// in place so loaded pages and the open row survive.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  type ShouldRevalidateFunction,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireUser } from "~/security/signed-in.server";
import { clientsAction, clientsPage, type ClientItem } from "./screen.server";
import { pageTitle, useT, type Translate } from "~/i18n";
import { isProblemData } from "~/components/form/problem-data";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddClientModal } from "~/components/clients/add-client-modal";
import { ImportModal } from "~/components/clients/import-modal";
import { ClientRow } from "~/components/clients/client-row";
import { DueList } from "~/components/clients/due-list";
import { Banner } from "~/components/form/banner";
import { DownloadIcon, PlusIcon, RefreshIcon, SearchIcon, UploadIcon } from "~/components/ui/icons";
import { usePagedList } from "~/components/ui/use-paged-list";
import modalStyles from "~/styles/modal.css?url";
import styles from "~/styles/clients.css?url";
import { Loading } from "~/components/ui/loading";
import { DateRange } from "~/components/form/date-range";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: modalStyles },
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "dash.tab.clients")];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, business } = await requireUser(request, context);
  return await clientsPage(db, business, new URL(request.url).searchParams, Date.now());
}

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const { db, business } = await requireUser(request, context);
  return await clientsAction({ db, env, now: Date.now() }, business, await request.formData());
}

// The list keeps its own rows after an add, edit or delete here; an import (not its preview) reloads it
// with Remix's own reload after the action, which nothing else then interrupts.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  formAction,
  formData,
  defaultShouldRevalidate,
}) => {
  if (!formMethod || formMethod === "GET" || !formAction?.startsWith("/dashboard/clients"))
    return defaultShouldRevalidate;
  return formAction.startsWith("/dashboard/clients/import") && formData?.get("intent") === "import";
};

const SEARCH_DEBOUNCE_MS = 300;

export default function ClientsTab() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const {
    items,
    setItems,
    next: cursor,
    loadingMore,
    loadMore: loadPage,
  } = usePagedList(data, (d) => ({ items: d.clients, next: d.next_cursor }));
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<{ imported: number; skipped: number } | null>(null);
  const [filters, setFilters] = useState(data.filters);

  const apply = (next: typeof filters) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) params.set(k, v);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  // Typing searches after a 300 ms pause; the Search button applies at once.
  useEffect(() => {
    if (filters.q === data.filters.q) return;
    const timer = setTimeout(() => apply(filters), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- debounces typing in the search box only
  }, [filters.q]);

  const loading =
    (navigation.state === "loading" && navigation.location.pathname === "/dashboard/clients") ||
    revalidator.state === "loading";
  const loadMore = () =>
    loadPage((next) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(data.filters)) if (v) params.set(k, v);
      params.set("cursor", next);
      return `/dashboard/clients?${params}`;
    });
  const created = (client: ClientItem) => {
    setItems((prev) => [client, ...prev.filter((c) => c.id !== client.id)]);
    setSelected(client.id);
    setAdding(false);
  };

  return (
    <section className="clients stack" aria-labelledby="clients-title">
      <div className="row between gap-sm wrap">
        <h1 id="clients-title" className="tab-title">
          {t("clients.title")}
        </h1>
        <div className="row gap-sm wrap">
          <a className="btn btn-ghost btn-sm" href="/api/export/clients.csv" download>
            <DownloadIcon size={18} /> {t("export.exportCsv")}
          </a>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setImporting(true)}>
            <UploadIcon size={18} /> {t("import.button")}
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
            <PlusIcon size={18} /> {t("clients.add")}
          </button>
        </div>
      </div>
      {imported && (
        <Banner kind="success" testId="import-done">
          {t("import.done", { imported: imported.imported, skipped: imported.skipped })}
        </Banner>
      )}

      <DueList clients={data.due} />

      <form
        className="card filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          apply(filters);
        }}
      >
        <div className="field search-field">
          <label htmlFor="client-search" className="sr-only">
            {t("clients.searchLabel")}
          </label>
          <input
            id="client-search"
            type="search"
            value={filters.q}
            placeholder={t("clients.searchPlaceholder")}
            maxLength={100}
            onChange={(e) => setFilters({ ...filters, q: e.target.value })}
          />
        </div>
        <DateRange
          idPrefix="client"
          value={filters}
          labels={{ from: t("clients.from"), to: t("clients.to") }}
          onChange={(range) => setFilters({ ...filters, ...range })}
        />
        <p className="small muted range-hint">{t("clients.rangeHint")}</p>
        <div className="filter-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            <SearchIcon size={18} /> {t("clients.search")}
          </button>
          <button
            type="button"
            className="icon-btn"
            onClick={() => revalidator.revalidate()}
            aria-label={t("clients.refresh")}
            title={t("clients.refresh")}
          >
            <RefreshIcon size={18} />
          </button>
        </div>
      </form>

      <div className="client-scroll" aria-busy={loading}>
        {loading && <Loading label={t("clients.loading")} />}
        {!loading && items.length === 0 && (
          <p className="list-status muted" role="status">
            {t("clients.empty")}
          </p>
        )}
        <ul className="client-list" aria-label={t("clients.list")}>
          {items.map((client) => (
            <ClientRow
              key={client.id}
              client={client}
              expanded={selected === client.id}
              onToggle={() => setSelected(selected === client.id ? null : client.id)}
              onUpdated={(c) => setItems((prev) => prev.map((p) => (p.id === c.id ? c : p)))}
              onDeleted={(id) => {
                setItems((prev) => prev.filter((p) => p.id !== id));
                setSelected(null);
              }}
            />
          ))}
        </ul>
        {cursor && (
          <div className="row center load-more">
            <button type="button" className="btn btn-ghost btn-sm" onClick={loadMore} disabled={loadingMore}>
              {loadingMore ? t("clients.loading") : t("clients.loadMore")}
            </button>
          </div>
        )}
      </div>

      {adding && <AddClientModal onClose={() => setAdding(false)} onCreated={created} />}
      {importing && (
        <ImportModal
          onClose={() => setImporting(false)}
          onImported={(done) => {
            setImporting(false);
            setImported(done);
          }}
        />
      )}
    </section>
  );
}

/** A failed load keeps the header and tabs: 'Failed to load data', the spec's reason, and Try again. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      tab={{ title: "clients.title", failed: "clients.err.loadFailed", explain: explainClientsError }}
    />
  );
}

function explainClientsError(error: unknown, t: Translate): string | null {
  if (error instanceof TypeError) return t("clients.err.network");
  if (!isRouteErrorResponse(error)) return null;
  if (error.status === 401) return t("clients.err.sessionExpired");
  if (error.status === 403) return t("clients.err.accessDenied");
  if (error.status >= 500) return t("clients.err.unavailable");
  return isProblemData(error.data) ? t(error.data.problem.key, error.data.problem.params) : null;
}
