// Booking requests read from the owner's chats, at the top of the Sync tab,
// newest first. Nothing shows when none wait. `/dashboard/sync?proposal=<id>`
// (a push notification's link) brings that card into view and focuses it.
import { useSearchParams } from "@remix-run/react";
import { useCallback, useRef } from "react";
import { useT } from "~/i18n";
import type { ShowToast } from "~/components/ui/toast";
import type { ScreenProposal } from "~/routes/dashboard.sync/screen.server";
import type { TeamMember } from "~/components/bookings/member-field";
import { ProposalCard } from "./proposal-card";

type Props = {
  proposals: ScreenProposal[];
  services: { id: string; service: string }[];
  members: TeamMember[];
  show: ShowToast;
};

export function ProposalList({ proposals, services, members, show }: Props) {
  const t = useT();
  const [params] = useSearchParams();
  const target = params.get("proposal");
  const heading = useRef<HTMLHeadingElement>(null);
  // A decided card leaves the list: the keyboard stays in the section.
  const onDecided = useCallback(() => heading.current?.focus(), []);
  if (proposals.length === 0) return null;

  return (
    <section className="card sync-card proposals" aria-labelledby="proposals-title" data-testid="proposals">
      <h2 id="proposals-title" className="sync-h2" ref={heading} tabIndex={-1}>
        {t("proposals.title")} <span className="proposals-total">({proposals.length})</span>
      </h2>
      <p className="muted small proposals-intro">{t("proposals.intro")}</p>
      <ul className="proposal-list">
        {proposals.map((p) => (
          <ProposalCard
            key={p.id}
            proposal={p}
            services={services}
            members={members}
            targeted={p.id === target}
            show={show}
            onDecided={onDecided}
          />
        ))}
      </ul>
    </section>
  );
}
