// The Sync tab as an owner first uses it: a service added, every contact
// selected, Start Sync, and the proposal for one customer on screen.
import type { Locator, Page } from "playwright-core";

/** From any dashboard tab; answers the result group of `contact` once it shows. */
export async function syncEveryContact(page: Page, service: string, contact: string): Promise<Locator> {
  await page.getByRole("link", { name: "Sync" }).click();
  await page.waitForURL(/\/dashboard\/sync$/);
  await page.getByLabel("Service name").fill(service);
  await page.getByRole("button", { name: "Add Service" }).click();
  await page.getByRole("button", { name: service, exact: true }).waitFor();
  await page.getByRole("checkbox", { name: "Select all contacts" }).check();
  await page.getByRole("button", { name: "Start Sync" }).click();
  const group = page.getByTestId("result-group").filter({ hasText: contact });
  await group.waitFor({ timeout: 20_000 });
  return group;
}
