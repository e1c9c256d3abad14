// WhatsApp in browser tests: the owner connects from the Connect tab, as the
// screen asks (the QR shows, the simulator's phone scans it, the status says
// Connected), and the cron runs until a message has gone out.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { BrowserStack } from "./browser-stack";

/** From the Connect tab (where a new owner lands); answers the business's id (the session's name). */
export async function connectWhatsApp(
  page: Page,
  stack: Pick<BrowserStack["stack"], "sim">,
  phone = "972501112233",
): Promise<string> {
  await page.getByRole("button", { name: "Connect WhatsApp" }).click();
  await page.getByTestId("wa-qr").waitFor({ timeout: 20_000 });
  const businessId = (await page.locator(".facts .mono").textContent())!.trim();
  await stack.sim(`${businessId}/scan`, { phone, pushName: "Dana Hair" });
  await expect.poll(() => page.getByTestId("wa-status").textContent(), { timeout: 45_000 }).toBe("Connected");
  return businessId;
}

/**
 * Waits (90 s at most) until the simulator's phone has sent the business's text starting with `start`, running
 * the cron on each look, as a deploy does every minute: a message the consumer put back as Scheduled (WhatsApp's
 * status read as not working for a moment), or one a busy machine let slip past its minute, goes at the next run.
 * Business-started messages of one number are 10 to 30 s apart at the smallest pause. If it never goes, the
 * failure says where the business's messages stand (status, attempts, last error).
 */
export async function cronUntilSent(
  stack: Pick<BrowserStack["stack"], "sent" | "cron" | "query">,
  businessId: string,
  start: string,
): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if ((await stack.sent(businessId)).some((s) => s.text.startsWith(start))) return;
    await stack.cron();
    await new Promise((r) => setTimeout(r, 1000));
  }
  const rows = stack.query(
    `SELECT status, attempts, last_error, send_at FROM scheduled_messages WHERE business_id = '${businessId}'`,
  );
  throw new Error(`"${start}..." was not sent within 90 s; the business's messages: ${JSON.stringify(rows)}`);
}
