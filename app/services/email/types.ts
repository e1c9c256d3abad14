// One interface for every way an e-mail leaves the product.
export type EmailMessage = { to: string; subject: string; text: string };

type SendResult = { status: "sent"; id?: string } | { status: "error"; message: string };

export interface EmailSender {
  readonly name: "outbox" | "resend";
  send(message: EmailMessage): Promise<SendResult>;
}
