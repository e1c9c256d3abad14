import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useRevalidator, useRouteError, type ErrorResponse } from "@remix-run/react";
import { useT, type MessageKey, type Translate } from "~/i18n";
import { AlertIcon, SearchIcon } from "~/components/ui/icons";
import { Banner } from "~/components/form/banner";

/** What a route shows for one HTTP status of a thrown response (404, 401, ...). */
type StatusHandler = (info: { error: ErrorResponse }) => ReactNode;

type Props = {
  /**
   * Inside the dashboard: the failure stays in the tab's place (header and
   * tabs remain) with `title` and `failed` (the spec's words, e.g. "Failed to
   * load settings data") above "HTTP error! status: <code>" (500 for a failure
   * on the server; none for a lost connection), and a retry that
   * loads the screen's data again. Without it: the whole page (root, 404s).
   */
  tab?: {
    title: MessageKey;
    failed: MessageKey;
    /** The tab's own words for this failure (its spec's, e.g. "Network error. Please try again."), shown instead of the status. */
    explain?: (error: unknown, t: Translate) => string | null;
  };
  /**
   * What a status shows instead of the default. Inside a tab (with `tab`) it is
   * the detail under `failed`, so the failure stays in the tab's place.
   */
  statusHandlers?: Record<number, StatusHandler>;
  /**
   * A page with a look of its own (the public booking page, which loads no
   * script): what any failure without a status handler shows instead of the
   * product's error page.
   */
  otherwise?: () => ReactNode;
};

/** The one error boundary: friendly words, never a stack trace, and a way to try again. */
export function GeneralErrorBoundary({ tab, statusHandlers, otherwise }: Props = {}) {
  const error = useRouteError();
  const t = useT();
  if (!isRouteErrorResponse(error)) console.error(error);
  const handled = isRouteErrorResponse(error) ? statusHandlers?.[error.status]?.({ error }) : undefined;
  if (tab) {
    const explained = tab.explain?.(error, t);
    return (
      <TabError title={t(tab.title)} failed={t(tab.failed)}>
        {handled ??
          explained ??
          (isRouteErrorResponse(error)
            ? t("access.error.httpStatus", { status: error.status })
            : error instanceof TypeError
              ? null
              : t("access.error.httpStatus", { status: 500 }))}
      </TabError>
    );
  }
  if (handled) return <>{handled}</>;
  if (otherwise) return <>{otherwise()}</>;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="center-page">
      <div className="card narrow" role="alert">
        <p className="big-icon">{notFound ? <SearchIcon size={40} /> : <AlertIcon size={40} />}</p>
        <h1>{notFound ? t("notFound.title") : t("error.title")}</h1>
        <p className="muted">{notFound ? t("notFound.body") : t("error.body")}</p>
        <div className="row center gap">
          <Link className="btn btn-primary" to="/">
            {t("notFound.home")}
          </Link>
          {!notFound && (
            <button type="button" className="btn btn-ghost" onClick={() => window.location.reload()}>
              {t("error.retry")}
            </button>
          )}
        </div>
      </div>
    </main>
  );
}

/** A tab that failed: its title, what failed, the detail, and Try again (the loaders run again). */
function TabError({ title, failed, children }: { title: string; failed: string; children: ReactNode }) {
  const t = useT();
  const revalidator = useRevalidator();
  return (
    <section className="card" data-testid="tab-error">
      <h1 className="tab-title">{title}</h1>
      <Banner kind="error">
        <p>{failed}</p>
        {children && <p className="small">{children}</p>}
      </Banner>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={revalidator.state !== "idle"}
        onClick={() => revalidator.revalidate()}
      >
        {t("error.retry")}
      </button>
    </section>
  );
}
