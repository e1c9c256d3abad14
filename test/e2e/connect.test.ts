import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsNewOwner } from "./support/account";
import { screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";

const { stack, newPage } = useBrowserStack();

const statusText = (page: Page) => page.getByTestId("wa-status").textContent();

describe("Connect tab", () => {
  it("connects WhatsApp through the QR code, receives a customer's message, and logs out", async () => {
    const { page, errors } = await newPage(390);
    await signInAsNewOwner(page, stack.appUrl, {
      name: "Dana Levi",
      business: "Dana Hair",
      email: "dana.connect@example.com",
      password: "secret123",
    });
    await expect.poll(() => statusText(page), { timeout: 15_000 }).toBe("Disconnected"); // delete takes 3 s or more, as WAHA
    const businessId = (await page.locator(".facts .mono").textContent())!.trim();

    await page.getByRole("button", { name: "Connect WhatsApp" }).click();
    await page.getByTestId("wa-qr").waitFor({ timeout: 20_000 });
    expect(await statusText(page)).toBe("Scan QR");
    const natural = await page.getByTestId("wa-qr").evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(natural).toBeGreaterThan(100);
    await screenshot(page, "connect-qr-en-390");

    await stack.sim(`${businessId}/scan`, { phone: "972501112233", pushName: "Dana Hair" });
    await expect.poll(() => statusText(page), { timeout: 15_000 }).toBe("Connected");
    expect(await page.getByTestId("wa-phone").textContent()).toBe("+972 50 111 2233");
    expect(await page.getByTestId("wa-qr").count()).toBe(0);
    await screenshot(page, "connect-working-en-390");

    await stack.sim(`${businessId}/incoming`, {
      from: "972541234567",
      name: "Maya Azulay",
      body: "Hi! Can I come tomorrow at 5pm for a haircut?",
    });
    await expect
      .poll(
        () =>
          stack.query<{ business_id: string; body: string }>(
            `SELECT business_id, body FROM wa_messages WHERE business_id = '${businessId}'`,
          ),
        {
          timeout: 15_000,
        },
      )
      .toEqual([{ business_id: businessId, body: "Hi! Can I come tomorrow at 5pm for a haircut?" }]);
    expect(stack.query(`SELECT business_id, phone, name FROM wa_contacts WHERE business_id = '${businessId}'`)).toEqual(
      [{ business_id: businessId, phone: "972541234567", name: "Maya Azulay" }],
    );

    await page.locator("form[action^='/language'] button[value='he']").click();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await expect.poll(() => statusText(page)).toBe("מחובר");
    await screenshot(page, "connect-working-he-390");
    await page.locator("form[action^='/language'] button[value='en']").click();
    await page.waitForFunction(() => document.documentElement.dir === "ltr");

    // WAHA takes 3 s or more to delete a session: the panel says it is working meanwhile.
    await page.getByRole("button", { name: "Logout WhatsApp" }).click();
    await page.getByTestId("wa-busy").waitFor();
    await expect.poll(() => statusText(page), { timeout: 15_000 }).toBe("Disconnected");
    await page.getByRole("button", { name: "Connect WhatsApp" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("follows a failed session and offers Restart and Cancel", async () => {
    const { page } = await newPage(390);
    await signInAsNewOwner(page, stack.appUrl, {
      name: "Avi Cohen",
      business: "Avi Barber",
      email: "avi.connect@example.com",
      password: "secret123",
    });
    const businessId = (await page.locator(".facts .mono").textContent())!.trim();
    await page.getByRole("button", { name: "Connect WhatsApp" }).click();
    await page.getByTestId("wa-qr").waitFor({ timeout: 20_000 });
    await stack.sim(`${businessId}/fail`);
    await expect.poll(() => statusText(page), { timeout: 15_000 }).toBe("Failed");
    await page.getByRole("button", { name: "Restart Session" }).click();
    await page.getByTestId("wa-qr").waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Cancel Session" }).click();
    await expect.poll(() => statusText(page), { timeout: 15_000 }).toBe("Disconnected");
  });
});
