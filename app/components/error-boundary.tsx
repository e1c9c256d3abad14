import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useT } from "~/i18n";
import { AlertIcon, SearchIcon } from "~/components/ui/icons";

/** Friendly page for 404s and unexpected errors; never shows a stack trace. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
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
