import { describe, expect, it } from "vitest";
import { screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";

const { stack, newPage } = useBrowserStack();

describe("landing page in the browser", () => {
  for (const width of [390, 1280]) {
    it(`switches between English and Hebrew at ${width}px and remembers the choice`, async () => {
      const { page, errors } = await newPage(width);
      await page.goto(stack.appUrl + "/");
      await expect
        .poll(() => page.locator("h1").textContent())
        .toBe("Turn WhatsApp Messages into Bookings Automatically");
      expect(await page.getAttribute("html", "dir")).toBe("ltr");
      await screenshot(page, `landing-en-${width}`);

      await page.getByRole("button", { name: "HE" }).click();
      await page.waitForFunction(() => document.documentElement.dir === "rtl");
      expect(await page.locator("h1").textContent()).toBe("הופכים הודעות וואטסאפ לתורים באופן אוטומטי");
      await screenshot(page, `landing-he-${width}`);

      await page.reload();
      expect(await page.getAttribute("html", "lang")).toBe("he");

      await page.getByRole("button", { name: "EN" }).click();
      await page.waitForFunction(() => document.documentElement.dir === "ltr");

      await page.getByRole("link", { name: "Start Free" }).click();
      await page.waitForURL(/\/register$/);
      expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
      await page.context().close();
    });
  }

  it("shows the friendly 404 page for unknown paths", async () => {
    // The page is answered 404 (the browser logs that answer), and nothing else goes wrong.
    const { page, errors } = await newPage(390, undefined, { expectedErrors: [/status of 404 \(Not Found\)/] });
    const res = await page.goto(stack.appUrl + "/nowhere");
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Page not found");
    await screenshot(page, "not-found-en-390");
    await page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await screenshot(page, "not-found-he-390");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
