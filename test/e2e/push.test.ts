// The installable app and Web Push in Chromium. No push service is reachable
// here, so only PushManager's subscribe/getSubscription are stubbed: they hand
// the page a subscription at the local push endpoint (keys made by this test).
// Everything else is real: the permission prompt (granted on the context), the
// service worker, the Settings switches, the Worker encrypting and signing the
// test notification, and the endpoint checking VAPID and decrypting it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { SCREENSHOT_DIR } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";
import { startPushEndpoint, stubPushManager, type PushEndpoint } from "./support/push-endpoint";
import { watchToasts } from "./support/toasts";
import { TEST_VAPID } from "../support/vapid";

const { stack, newPage } = useBrowserStack();
let push: PushEndpoint;
beforeAll(async () => {
  push = await startPushEndpoint({ vapidPublicKey: TEST_VAPID.VAPID_PUBLIC_KEY });
});
afterAll(() => push?.close());

const WORDS = {
  en: {
    notify: "Notifications on this phone",
    proposals: "Booking proposals",
    on: "Notifications are on for this phone.",
    off: "Notifications are off for this phone.",
    test: "Send a test notification",
    sent: "Test notification sent. It should appear in a few seconds.",
    body: "Notifications work. New booking requests will appear like this.",
    proposalsOff: "Booking proposals are off.",
  },
  he: {
    notify: "התראות בטלפון הזה",
    proposals: "הצעות הזמנה",
    on: "ההתראות פעילות בטלפון הזה.",
    off: "ההתראות כבויות בטלפון הזה.",
    test: "שליחת התראת ניסיון",
    sent: "התראת הניסיון נשלחה. היא אמורה להופיע בעוד כמה שניות.",
    body: "ההתראות עובדות. בקשות הזמנה חדשות יופיעו כך.",
    proposalsOff: "הצעות ההזמנה כבויות.",
  },
};

describe("installable app", () => {
  it("serves the manifest, the icons and /sw.js with their content types", async () => {
    const manifest = await fetch(`${stack.appUrl}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("Content-Type")).toMatch(/^application\/manifest\+json/);
    const m = (await manifest.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(m).toMatchObject({ name: "Chatbook", start_url: "/dashboard", display: "standalone" });
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of m.icons)
      expect((await fetch(stack.appUrl + icon.src)).headers.get("Content-Type"), icon.src).toBe("image/png");

    const sw = await fetch(`${stack.appUrl}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(sw.headers.get("Cache-Control")).toBe("no-cache");
    const source = await sw.text();
    expect(source).not.toContain("__VERSION__");
    expect(source).toContain("אין חיבור לאינטרנט");
    expect(source).toContain("You are offline");

    const page = await (await fetch(`${stack.appUrl}/login`)).text();
    expect(page).toContain('rel="manifest" href="/manifest.webmanifest"');
    expect(page).toContain('rel="apple-touch-icon"');
  });
});

describe("Settings: proposals and notifications", () => {
  for (const lang of ["en", "he"] as const) {
    it(
      `turns notifications on, sends a test notification that arrives decrypted, and turns them off (${lang})`,
      { timeout: 240_000 },
      async () => {
        const T = WORDS[lang];
        const sub = push.subscriber();
        const { page, errors } = await newPage(390);
        await page.context().grantPermissions(["notifications"], { origin: stack.appUrl });
        if (lang === "he") await page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
        await stubPushManager(page, sub);
        const email = `push.${lang}@example.com`;
        await signInAsNewOwner(page, stack.appUrl, {
          name: "Dana Levi",
          business: "Dana Hair",
          email,
          password: "push-pass-1",
        });

        await page.goto(`${stack.appUrl}/dashboard/settings`);
        await whenHydrated(page);
        // The service worker registers and controls the scope.
        const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope));
        expect(scope).toBe(`${stack.appUrl}/`);

        const toasts = await watchToasts(page);
        const section = page.getByTestId("push-settings");
        const notify = section.getByRole("switch", { name: T.notify });
        await expect.poll(() => notify.isEnabled()).toBe(true);
        expect(await notify.isChecked()).toBe(false);
        await notify.click();
        await toasts.said(T.on);
        expect(await notify.isChecked()).toBe(true);
        const [row] = stack.query<{ endpoint: string; lang: string }>(
          `SELECT s.endpoint, s.lang FROM push_subscriptions s JOIN businesses b ON b.id = s.business_id JOIN users u ON u.id = b.owner_user_id WHERE u.email = '${email}'`,
        );
        expect(row).toEqual({ endpoint: sub.endpoint, lang });

        await section.getByRole("button", { name: T.test }).click();
        await toasts.said(T.sent);
        const [got] = await push
          .waitFor((r) => r.some((x) => x.endpoint === sub.endpoint))
          .then((r) => r.filter((x) => x.endpoint === sub.endpoint));
        expect(got.payload).toEqual({
          title: "Chatbook",
          body: T.body,
          url: "/dashboard/settings",
          tag: "chatbook-test",
        });
        expect(got.urgency).toBe("high");

        // The section itself (a full page of Settings is too tall to read), at both widths.
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await section.screenshot({ path: path.join(SCREENSHOT_DIR, `push-settings-${lang}-390.png`) });
        await page.setViewportSize({ width: 1280, height: 900 });
        await section.screenshot({ path: path.join(SCREENSHOT_DIR, `push-settings-${lang}-1280.png`) });

        // The proposals switch, from the keyboard.
        const proposals = section.getByRole("switch", { name: T.proposals });
        expect(await proposals.isChecked()).toBe(true);
        await proposals.focus();
        await page.keyboard.press("Space");
        await toasts.said(T.proposalsOff);
        const [biz] = stack.query<{ on: number }>(
          `SELECT b.proposals_enabled AS "on" FROM businesses b JOIN users u ON u.id = b.owner_user_id WHERE u.email = '${email}'`,
        );
        expect(biz.on).toBe(0);

        // After a reload the phone's switch is still on (the browser's subscription), then off deletes the row.
        await page.reload();
        await whenHydrated(page);
        await expect.poll(() => notify.isChecked()).toBe(true);
        expect(await proposals.isChecked()).toBe(false);
        await notify.click();
        await toasts.said(T.off);
        expect(stack.query(`SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = '${sub.endpoint}'`)).toEqual([
          { n: 0 },
        ]);
        expect(await section.getByRole("button", { name: T.test }).count()).toBe(0);
        expect(errors).toEqual([]);
      },
    );
  }

  it("a browser that refuses notifications gets a clear message", async () => {
    const { page, errors } = await newPage(390);
    await page.addInitScript(() => {
      Notification.requestPermission = async () => "denied";
    });
    await signInAsNewOwner(page, stack.appUrl, {
      name: "Dana Levi",
      business: "Dana Hair",
      email: "push.denied@example.com",
      password: "push-pass-1",
    });
    await page.goto(`${stack.appUrl}/dashboard/settings`);
    await whenHydrated(page);
    const notify = page.getByRole("switch", { name: WORDS.en.notify });
    await expect.poll(() => notify.isEnabled()).toBe(true);
    await notify.click();
    await page.getByRole("alert").filter({ hasText: "Notifications are blocked for Chatbook." }).waitFor();
    expect(await notify.isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });
});
