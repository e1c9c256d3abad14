// Local delivery: the e-mail is stored in D1 (email_outbox) and printed, so
// `npm run dev` and the tests can read codes and links without a mail server.
import { desc, eq } from "drizzle-orm";
import { schema, type Db } from "~db";
import type { EmailMessage, EmailSender } from "./types";

export function outboxSender(db: Db, now: () => number = Date.now): EmailSender {
  return {
    name: "outbox",
    async send(message: EmailMessage) {
      const id = crypto.randomUUID();
      await db
        .insert(schema.emailOutbox)
        .values({ id, to: message.to, subject: message.subject, text: message.text, createdAt: now() });
      console.log(`[outbox] to ${message.to}: ${message.subject}\n${message.text}`);
      return { status: "sent", id };
    },
  };
}

export type OutboxEntry = { to: string; subject: string; text: string; created_at: string };

/** Newest first; one address when `to` is given. */
export async function readOutbox(db: Db, to: string | null, limit = 50): Promise<OutboxEntry[]> {
  const t = schema.emailOutbox;
  const base = db.select().from(t);
  const rows = await (to ? base.where(eq(t.to, to)) : base).orderBy(desc(t.createdAt), desc(t.id)).limit(limit);
  return rows.map((r) => ({
    to: r.to,
    subject: r.subject,
    text: r.text,
    created_at: new Date(r.createdAt).toISOString(),
  }));
}
