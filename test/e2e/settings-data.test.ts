// Settings: export everything, a calendar address to subscribe to, and deleting the account.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";

const { stack, newPage } = useBrowserStack();

describe("Settings: your data", () => {
  for (const lang of ["en", "he"] as const) {
    it(
      `subscribes a calendar to the bookings, exports everything, and deletes the account (${lang})`,
      { timeout: 240_000 },
      async () => {
        const { page, errors } = await newPage(390);
        if (lang === "he") await page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
        const email = `dana.settings.${lang}@example.com`;
        await signInAsNewOwner(page, stack.appUrl, {
          name: "Dana Levi",
          business: "Dana Hair",
          email,
          password: "settings-pass-1",
        });
        const add = await page.request.post(`${stack.appUrl}/api/bookings`, {
          data: {
            name: "Maya Azulay",
            phone: "0521234567",
            service: "Haircut",
            booking_date: "2030-01-15",
            booking_time: "10:00",
          },
          headers: { Origin: stack.appUrl },
        });
        expect(add.status()).toBe(201);

        await page.goto(`${stack.appUrl}/dashboard/settings`);
        await whenHydrated(page);
        const T =
          lang === "en"
            ? {
                create: "Create calendar address",
                replace: /Create a new address/,
                revoke: "Stop sharing",
                del: "Delete account",
                forever: "Delete everything",
                password: "Your password",
              }
            : {
                create: "יצירת כתובת יומן",
                replace: /יצירת כתובת חדשה/,
                revoke: "הפסקת השיתוף",
                del: "מחיקת החשבון",
                forever: "מחיקת הכול",
                password: "הסיסמה שלכם",
              };
        // Making the address asks for the password (access that outlives a session).
        await page.getByTestId("feed-password").fill("settings-pass-1");
        await page.getByRole("button", { name: T.create }).click();
        const url = await page.getByTestId("feed-url").inputValue();
        await screenshot(page, `settings-feed-${lang}-390`);
        const ics = await (await fetch(url)).text();
        const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
        expect(events.map((e) => e.summary)).toEqual(["Maya Azulay: Haircut"]);
        await page.getByRole("button", { name: T.revoke }).click();
        await page.getByRole("button", { name: T.create }).waitFor();
        expect((await fetch(url)).status).toBe(404);

        const exported = await page.request.get(`${stack.appUrl}/api/export/all.json`);
        expect((await exported.json()).bookings).toHaveLength(1);

        // A wrong password deletes nothing; the right one deletes everything and signs out.
        await page.getByRole("button", { name: T.del, exact: true }).click();
        const dialog = page.getByRole("dialog");
        await dialog.getByLabel(T.password).fill("not-my-password");
        await dialog.getByRole("button", { name: T.forever }).click();
        await dialog.getByRole("alert").waitFor();
        await screenshot(page, `settings-delete-wrong-${lang}-390`);
        expect(stack.query(`SELECT count(*) AS n FROM users WHERE email = '${email}'`)).toEqual([{ n: 1 }]);
        await dialog.getByLabel(T.password).fill("settings-pass-1");
        await dialog.getByRole("button", { name: T.forever }).click();
        await page.waitForURL((u) => u.pathname === "/");
        expect(stack.query(`SELECT count(*) AS n FROM users WHERE email = '${email}'`)).toEqual([{ n: 0 }]);
        await page.goto(`${stack.appUrl}/dashboard/settings`);
        await page.waitForURL(/\/login/);
        expect(errors).toEqual([]);
      },
    );
  }
});
