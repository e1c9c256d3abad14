// Production delivery through Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email).
import { z } from "zod";
import type { EmailMessage, EmailSender } from "./types";

const RESEND_URL = "https://api.resend.com/emails";
const Accepted = z.object({ id: z.string() });

export function resendSender(apiKey: string, from: string): EmailSender {
  return {
    name: "resend",
    async send(message: EmailMessage) {
      if (!apiKey) return { status: "error", message: "RESEND_API_KEY is not set" };
      let res: Response;
      try {
        res = await fetch(RESEND_URL, {
          method: "POST",
          headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
          body: JSON.stringify({ from, to: [message.to], subject: message.subject, text: message.text }),
        });
      } catch (err) {
        return { status: "error", message: `Resend unreachable: ${String(err)}` };
      }
      const body = await res.json().catch(() => null);
      const parsed = Accepted.safeParse(body);
      if (!res.ok || !parsed.success)
        return { status: "error", message: `Resend answered ${res.status}: ${JSON.stringify(body)?.slice(0, 300)}` };
      return { status: "sent", id: parsed.data.id };
    },
  };
}
