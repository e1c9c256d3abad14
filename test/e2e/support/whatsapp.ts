// The owner connects WhatsApp from the Connect tab, as the screen asks: the
// QR shows, the simulator's phone scans it, and the status says Connected.
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
  await expect.poll(() => page.getByTestId("wa-status").textContent(), { timeout: 15_000 }).toBe("Connected");
  return businessId;
}
