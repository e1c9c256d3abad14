// Calendar tab (Bookings screen): List and Calendar views, Add Booking,
// search, a from/to window for the list, Refresh. The list shows pages of 100
// newest first; the calendar loads only its visible range.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useSearchParams,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { requireUser } from "~/security/signed-in.server";
import { bookingsAction, bookingsScreen, freeTimes } from "./screen.server";
import { pageTitle, useT, type Translate } from "~/i18n";
import { isProblemData } from "~/components/form/problem-data";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BookingCard } from "~/components/bookings/booking-card";
import { CalendarView } from "~/components/bookings/calendar-view";
import { Banner } from "~/components/form/banner";
import { ChartIcon, DownloadIcon, PlusIcon, RefreshIcon, SearchIcon } from "~/components/ui/icons";
import { usePagedList } from "~/components/ui/use-paged-list";
import modalStyles from "~/styles/modal.css?url";
import styles from "~/styles/bookings.css?url";
import hoursStyles from "~/styles/hours.css?url";
import { Loading } from "~/components/ui/loading";
import { DateRange } from "~/components/form/date-range";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: modalStyles },
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: hoursStyles },
];
// Add Booking's form (conform and zod) loads when the owner opens it, not with the month view.
const AddBookingModal = lazy(() =>
  import("~/components/bookings/add-booking-modal").then((m) => ({ default: m.AddBookingModal })),
);

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "dash.tab.calendar")];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, business } = await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  if (params.has("free")) return await freeTimes(db, business, params, Date.now());
  return await bookingsScreen(db, business, params, Date.now());
}

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const { db, business } = await requireUser(request, context);
  const defer = (work: Promise<unknown>) => context.cloudflare.ctx.waitUntil(work);
  return await bookingsAction({ db, env, now: Date.now(), defer }, business, await request.formData());
}

// Edits patch the list in place; a reload would drop loaded pages.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" && formAction?.startsWith("/dashboard/calendar") ? false : defaultShouldRevalidate;

type ScreenData = Extract<Awaited<ReturnType<typeof loader>>, { kind: "screen" }>;
type BookingItem = ScreenData["bookings"][number];

/** The list's order, as the loader reads it: the latest date first, then the latest time, then the id. */
const listOrder = (a: BookingItem, b: BookingItem) =>
  b.booking_date.localeCompare(a.booking_date) ||
  b.booking_time.localeCompare(a.booking_time) ||
  b.id.localeCompare(a.id);

export default function CalendarTab() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  // A range request is the calendar's own data call; opened as a page it says where to go.
  if (data.kind !== "screen") return <CalendarError message={t("bookings.err.openFromTab")} />;
  return <CalendarScreen screen={data} />;
}

function CalendarScreen({ screen }: { screen: ScreenData }) {
  const t = useT();
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const {
    items,
    setItems,
    next: cursor,
    loadingMore,
    loadMore,
  } = usePagedList(screen, (d: ScreenData) =>
    d.kind === "screen" ? { items: d.bookings, next: d.next_cursor } : null,
  );
  // The filter fields follow each new page of results (a search, a reload), then the owner's typing.
  const [filters, setFilters] = useState(screen.filters);
  const [filtersOf, setFiltersOf] = useState(screen);
  if (filtersOf !== screen) {
    setFiltersOf(screen);
    setFilters(screen.filters);
  }
  const [adding, setAdding] = useState<{ booking_date?: string; booking_time?: string } | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const view = screen.view;

  const query = (next: typeof filters, extra: Record<string, string> = {}) => {
    const params = new URLSearchParams({ view, q: next.q, from: next.from, to: next.to, ...extra });
    if (!next.q) params.delete("q");
    return params;
  };
  const apply = () => setSearchParams(query(filters), { replace: true, preventScrollReset: true });
  const refresh = () => (view === "list" ? revalidator.revalidate() : setReloadKey((k) => k + 1));
  const created = (booking: BookingItem) => {
    setAdding(null);
    // The new booking shows at once where the list's window holds it; the reload then brings the page as the server reads it.
    const { q, from, to } = screen.filters;
    const inWindow = !q && (!from || booking.booking_date >= from) && (!to || booking.booking_date <= to);
    if (view === "list" && inWindow)
      setItems((shown) => {
        const last = shown[shown.length - 1];
        if (shown.some((b) => b.id === booking.id) || (cursor && last && listOrder(booking, last) > 0)) return shown;
        return [...shown, booking].sort(listOrder);
      });
    refresh();
  };
  // Saved with something to notice: outside working hours, a day off, overlaps booked anyway.
  const [notice, setNotice] = useState<string | null>(null);
  const loading =
    (navigation.state === "loading" && navigation.location.pathname === "/dashboard/calendar") ||
    revalidator.state === "loading";
  const tabQuery = (v: string) =>
    `?${new URLSearchParams({ view: v, ...(screen.filters.q ? { q: screen.filters.q } : {}) })}`;

  return (
    <section className="bookings stack" aria-labelledby="bookings-title">
      <div className="row between gap-sm wrap">
        <h1 id="bookings-title" className="tab-title">
          {t("bookings.title")}
        </h1>
        <div className="row gap-sm wrap">
          <Link
            className="btn btn-ghost btn-sm"
            to="/dashboard/calendar/insights"
            prefetch="intent"
            data-testid="open-insights"
          >
            <ChartIcon size={18} /> {t("insights.open")}
          </Link>
          <a className="btn btn-ghost btn-sm" href="/api/export/bookings.csv" download>
            <DownloadIcon size={18} /> {t("export.exportCsv")}
          </a>
        </div>
      </div>
      <div className="view-tabs" role="tablist" aria-label={t("bookings.views")}>
        <Link role="tab" aria-selected={view === "list"} to={tabQuery("list")} replace preventScrollReset>
          {t("bookings.viewList")}
        </Link>
        <Link role="tab" aria-selected={view === "calendar"} to={tabQuery("calendar")} replace preventScrollReset>
          {t("bookings.viewCalendar")}
        </Link>
      </div>

      <form
        className="card filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <div className="row gap-sm">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setAdding({ booking_date: screen.today })}
          >
            <PlusIcon size={18} /> {t("bookings.add")}
          </button>
          <button type="button" className="btn btn-ghost btn-sm push-end" onClick={refresh}>
            <RefreshIcon size={16} /> {t("bookings.refresh")}
          </button>
        </div>
        <div className="search-row">
          <label htmlFor="booking-search" className="sr-only">
            {t("bookings.searchLabel")}
          </label>
          <input
            id="booking-search"
            className="input"
            type="search"
            value={filters.q}
            maxLength={100}
            placeholder={t("bookings.searchPlaceholder")}
            onChange={(e) => setFilters({ ...filters, q: e.target.value })}
          />
          <button type="submit" className="btn btn-ghost btn-sm">
            <SearchIcon size={18} /> {t("bookings.search")}
          </button>
        </div>
        {view === "list" && (
          <DateRange
            idPrefix="booking"
            value={filters}
            labels={{ from: t("bookings.from"), to: t("bookings.to") }}
            onChange={(range) => setFilters({ ...filters, ...range })}
          />
        )}
      </form>

      {notice && (
        <Banner kind="info" testId="booking-notice">
          {notice}
        </Banner>
      )}
      {view === "list" ? (
        <div aria-busy={loading}>
          {loading && <Loading label={t("bookings.loading")} />}
          {!loading && items.length === 0 && (
            <p className="list-status muted card" role="status">
              {t("bookings.empty")}
            </p>
          )}
          <ul className="booking-list">
            {items.map((b) => (
              <BookingCard
                key={b.id}
                booking={b}
                members={screen.members}
                onSaved={(saved) => setItems((prev) => prev.map((p) => (p.id === saved.id ? saved : p)))}
                onDeleted={(id) => setItems((prev) => prev.filter((p) => p.id !== id))}
              />
            ))}
          </ul>
          {cursor && (
            <div className="row center load-more">
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={loadingMore}
                onClick={() => loadMore((next) => `/dashboard/calendar?${query(screen.filters, { cursor: next })}`)}
              >
                {loadingMore ? t("bookings.loading") : t("bookings.loadMore")}
              </button>
            </div>
          )}
        </div>
      ) : (
        <CalendarView
          members={screen.members}
          q={screen.filters.q}
          timeZone={screen.timeZone}
          workingHours={screen.workingHours}
          reloadKey={reloadKey}
          onAddAt={(date, time) => setAdding({ booking_date: date, booking_time: time })}
          onNotice={setNotice}
        />
      )}

      {screen.services.length > 0 && (
        <datalist id="service-options">
          {screen.services.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
      {adding && (
        <Suspense fallback={null}>
          <AddBookingModal
            initial={adding}
            members={screen.members}
            onClose={() => setAdding(null)}
            onCreated={created}
            onNotice={setNotice}
          />
        </Suspense>
      )}
    </section>
  );
}

/** A failed load keeps the header and tabs: 'Failed to load bookings', the spec's reason, and Try again. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      tab={{ title: "bookings.title", failed: "bookings.failedLoad", explain: explainBookingsError }}
    />
  );
}

/** The spec's "Error: message" under the headline: the server's problem, or not signed in. */
function explainBookingsError(error: unknown, t: Translate): string | null {
  if (!isRouteErrorResponse(error)) return null;
  if (error.status === 401) return t("bookings.errorPrefix", { message: t("bookings.notAuthenticated") });
  return isProblemData(error.data)
    ? t("bookings.errorPrefix", { message: t(error.data.problem.key, error.data.problem.params) })
    : null;
}

function CalendarError({ message }: { message: string }) {
  const t = useT();
  return (
    <div className="card">
      <h1 className="tab-title">{t("bookings.title")}</h1>
      <Banner kind="error">{t("bookings.errorPrefix", { message })}</Banner>
    </div>
  );
}
