// Freed slots, beside the booking requests and drafted replies on the Sync
// tab: a booking was cancelled while its time was still ahead. Each card
// shows the day, time and service, the clients worth offering it to and why,
// a checkbox for each (up to 3 at a time), and Offer, which sends the offer on
// WhatsApp through the paced queue. After that the card says how many it was
// offered to, and who took it once the first "1" came in. Each card has its
// own fetcher; after its answer the route reloads.
import { useFetcher, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useT } from "~/i18n";
import { CalendarIcon, ChatIcon, CheckIcon } from "~/components/ui/icons";
import type { ShowToast } from "~/components/ui/toast";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import type { ScreenOpening, SyncActionData } from "~/routes/dashboard.sync/screen.server";
import { SyncCard } from "./sync-card";

/** As the API's limit (validation/openings.ts), without importing the validation module into the tab's bundle. */
const OFFER_MAX = 3;

export function OpeningList({ openings, show }: { openings: ScreenOpening[]; show: ShowToast }) {
  const t = useT();
  const [params] = useSearchParams();
  const target = params.get("opening");
  if (openings.length === 0) return null;
  return (
    <section className="card sync-card proposals openings" aria-labelledby="openings-title" data-testid="openings">
      <h2 id="openings-title" className="sync-h2">
        {t("openings.title")} <span className="proposals-total">({openings.length})</span>
      </h2>
      <p className="muted small proposals-intro">{t("openings.intro")}</p>
      <ul className="proposal-list">
        {openings.map((o) => (
          <OpeningCard key={o.id} opening={o} targeted={o.id === target} show={show} />
        ))}
      </ul>
    </section>
  );
}

function OpeningCard({ opening: o, targeted, show }: { opening: ScreenOpening; targeted: boolean; show: ShowToast }) {
  const t = useT();
  const fetcher = useFetcher<SyncActionData>();
  const [chosen, setChosen] = useState<string[]>([]);
  const busy = fetcher.state !== "idle";
  const base = `opening-${o.id}`;
  const day = o.day ? t(o.day === "today" ? "proposals.today" : "proposals.tomorrow") : o.dayText;
  const open = o.candidates.filter((c) => !c.offered);

  useFetcherResult(fetcher, (data) => {
    if (data.intent !== "opening-offer") return;
    if (data.ok) {
      setChosen([]);
      show("success", t("openings.offeredToast", { n: data.offered }));
    } else {
      show("error", t(data.problem.key, data.problem.params));
    }
  });

  const toggle = (id: string, on: boolean) => setChosen((all) => (on ? [...all, id] : all.filter((x) => x !== id)));

  return (
    <SyncCard
      id={base}
      kind="opening-card"
      targeted={targeted}
      busy={busy}
      labelledBy={`${base}-when`}
      testId="opening-card"
    >
      <header className="proposal-head">
        <h3 id={`${base}-when`} className="proposal-name" title={o.day ? o.dayText : undefined}>
          <CalendarIcon size={16} /> {`${day} · `}
          <bdi dir="ltr">{o.time}</bdi>
        </h3>
        <span className="proposal-service">{o.service}</span>
      </header>
      {(o.offered > 0 || o.taken_by) && (
        <p className="opening-state small" data-testid="opening-state">
          {o.taken_by ? (
            <>
              <CheckIcon size={16} /> {t("openings.takenBy", { name: o.taken_by })}
            </>
          ) : (
            t("openings.offeredTo", { n: o.offered })
          )}
        </p>
      )}
      {!o.taken_by &&
        (o.candidates.length === 0 ? (
          <p className="muted small">{t("openings.noCandidates")}</p>
        ) : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="opening-offer" />
            <input type="hidden" name="id" value={o.id} />
            <fieldset className="opening-candidates">
              <legend className="muted small">{t("openings.candidates")}</legend>
              {o.candidates.map((c) => {
                const checked = c.offered || chosen.includes(c.client_id);
                const full = !checked && chosen.length >= OFFER_MAX;
                return (
                  <label key={c.client_id} className="check opening-candidate">
                    <input
                      type="checkbox"
                      name={c.offered ? undefined : "client_id"}
                      value={c.client_id}
                      checked={checked}
                      disabled={c.offered || full || busy}
                      onChange={(e) => toggle(c.client_id, e.target.checked)}
                    />
                    <span>
                      <span className="opening-name">{c.name}</span> <span className="muted small">{c.reason}</span>
                      {c.offered && <span className="opening-offered">{t("openings.offeredTag")}</span>}
                    </span>
                  </label>
                );
              })}
            </fieldset>
            {open.length > 0 && (
              <div className="proposal-actions">
                <button
                  type="submit"
                  className="btn btn-primary"
                  disabled={busy || chosen.length === 0}
                  aria-label={t("openings.offerOf", { time: o.time })}
                >
                  <ChatIcon size={18} /> {busy ? t("openings.offering") : t("openings.offer")}
                </button>
              </div>
            )}
          </fetcher.Form>
        ))}
    </SyncCard>
  );
}
