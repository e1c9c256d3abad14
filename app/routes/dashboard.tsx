import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUser } from "~/security/signed-in.server";
import { pageTitle, useT, type MessageKey } from "~/i18n";
import { LanguageToggle } from "~/components/language-toggle";
import { initials } from "~/utils/initials";
import { TabIcon, type TabName } from "~/components/ui/icons";
import { countOpen } from "~/services/proposals/proposals.server";
import { useFreshOnReturn } from "~/components/ui/use-fresh-on-return";
import { currencyOf } from "~/services/catalogue/money";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "title.dashboard")];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user, business } = await requireUser(request, context);
  const [waiting, openProposals, openDrafts] = await Promise.all([
    // Clients whose unclear answer to a confirmation request waits for the owner's reply.
    context.cloudflare.env.DB.prepare(
      "SELECT count(*) AS n FROM clients WHERE business_id = ?1 AND awaiting_reply_at IS NOT NULL",
    )
      .bind(business.id)
      .first<{ n: number }>(),
    // Booking requests read from chats, waiting on the Sync tab (counted up to a cap: "99+").
    countOpen(db, "proposals", business.id),
    // Drafted replies waiting on the same tab (the same cap).
    countOpen(db, "drafts", business.id),
  ]);
  return {
    user: { name: user.name, email: user.email },
    // The currency prices are in (Settings, else the country's), for every tab that shows a price.
    business: { id: business.id, name: business.name, currency: currencyOf(business) },
    waitingClients: waiting?.n ?? 0,
    openProposals,
    openDrafts,
  };
}

const tabs: { to: string; name: TabName; label: MessageKey; end?: boolean }[] = [
  { to: "/dashboard", name: "connect", label: "dash.tab.connect", end: true },
  { to: "/dashboard/clients", name: "clients", label: "dash.tab.clients" },
  { to: "/dashboard/sync", name: "sync", label: "dash.tab.sync" },
  { to: "/dashboard/calendar", name: "calendar", label: "dash.tab.calendar" },
  { to: "/dashboard/rules", name: "rules", label: "dash.tab.rules" },
  { to: "/dashboard/settings", name: "settings", label: "dash.tab.settings" },
];

export default function DashboardShell() {
  const data = useLoaderData<typeof loader>();
  // Booking requests and answers arrive while the owner is away: re-read on return and on a push.
  useFreshOnReturn();
  return (
    <Shell {...data}>
      <Outlet />
    </Shell>
  );
}

/** The layout's own load failed: the header and tabs stay, the failure shows where a tab would, with Try again. */
export function ErrorBoundary() {
  return (
    <Shell user={null} business={null} waitingClients={0} openProposals={0} openDrafts={0}>
      <GeneralErrorBoundary tab={{ title: "access.error.dashboardTitle", failed: "access.error.tabFailed" }} />
    </Shell>
  );
}

type ShellProps = {
  user: { name: string; email: string } | null;
  business: { name: string } | null;
  waitingClients: number;
  openProposals: number;
  openDrafts: number;
  children: ReactNode;
};

function Shell({ user, business, waitingClients, openProposals, openDrafts, children }: ShellProps) {
  const t = useT();
  return (
    <div className="shell">
      <header className="shell-header">
        <div className="avatar" aria-hidden="true">
          {initials(user?.name ?? "", "U")}
        </div>
        <div className="shell-who">
          <div className="shell-email" data-testid="user-email">
            {user?.email || t("dash.emailFallback")}
          </div>
          {business?.name && <div className="shell-business muted small">{business.name}</div>}
        </div>
        <LanguageToggle />
        <Form method="post" action="/logout">
          <button type="submit" className="btn btn-ghost btn-sm">
            {t("dash.logout")}
          </button>
        </Form>
      </header>
      <main className="shell-main" id="main">
        {children}
      </main>
      <nav className="tabbar" aria-label={t("dash.tabs")}>
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className="tab" prefetch="intent">
            <TabIcon name={tab.name} />
            <span>{t(tab.label)}</span>
            {tab.name === "clients" && waitingClients > 0 && (
              <>
                <span className="tab-badge" data-testid="clients-waiting-count" aria-hidden="true">
                  {waitingClients}
                </span>
                <span className="sr-only">{t("waiting.tabCount", { n: waitingClients })}</span>
              </>
            )}
            {tab.name === "sync" && openProposals + openDrafts > 0 && (
              <SyncBadge proposals={openProposals} drafts={openDrafts} />
            )}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

/**
 * The Sync tab's count of what waits there: open booking requests and replies
 * ready to send; past 99 (each count stops at 100) it reads "99+". Its label
 * names each.
 */
function SyncBadge({ proposals, drafts }: { proposals: number; drafts: number }) {
  const t = useT();
  const upTo99 = (n: number) => (n > 99 ? "99+" : String(n));
  const label = [
    proposals === 1
      ? t("proposals.tabCountOne")
      : proposals > 0
        ? t("proposals.tabCount", { n: upTo99(proposals) })
        : "",
    drafts === 1 ? t("drafts.tabCountOne") : drafts > 0 ? t("drafts.tabCount", { n: upTo99(drafts) }) : "",
  ]
    .filter(Boolean)
    .join(", ");
  const shown = upTo99(proposals + drafts);
  return (
    <span className="tab-badge" data-testid="proposals-count" aria-label={label}>
      {shown}
    </span>
  );
}
