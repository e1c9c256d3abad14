// "Due this week" on the Clients tab: each client due back within 7 days (or
// overdue and not booked again) with their service, rhythm and due day, and a
// one-tap WhatsApp message from the owner's phone (wa.me, the text typed in).
import { useT } from "~/i18n";
import type { DueItem } from "~/routes/dashboard.clients/screen.server";
import { formatDateGB } from "~/services/templates";
import { ChatIcon } from "~/components/ui/icons";
import { intervalWords } from "./rhythm";

export function DueList({ clients }: { clients: DueItem[] }) {
  const t = useT();
  if (clients.length === 0) return null;
  return (
    <section className="card due-list" aria-labelledby="due-title" data-testid="due-list">
      <h2 id="due-title" className="due-title">
        {t("clients.due.title")}
      </h2>
      <p className="small muted">{t("clients.due.hint")}</p>
      <ul className="due-rows">
        {clients.map((c) => {
          const name = c.name || c.phone_display;
          return (
            <li key={c.id} className="due-row" data-testid="due-row">
              <div className="due-who">
                <span className="due-name">{name}</span>
                <span className="small muted">
                  {c.service} · {intervalWords(t, c.usual_interval_days)}
                </span>
                <span className={c.overdue ? "small due-late" : "small muted"} data-testid="due-when">
                  {t(c.overdue ? "clients.due.overdue" : "clients.due.on", { date: formatDateGB(c.due_date) })}
                </span>
              </div>
              <a
                className="btn btn-sm wa-link"
                href={c.message_url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t("clients.due.sendOf", { name })}
                data-testid="due-message"
              >
                <ChatIcon size={18} /> {t("clients.due.send")}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
