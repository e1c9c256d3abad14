// Client JavaScript per screen, as a browser downloads it: every script a
// fresh page load fetches (entry, route chunks, lazy chunks it asks for),
// measured as gzip bytes. Budgets (issue 15): landing 90 KB, Calendar month
// 160 KB, every other screen 120 KB; the public booking page (issue 30) 30 KB
// (it is plain HTML and loads none).
//   npx tsx test/bench/bundle.ts
import { gzipSync } from "node:zlib";
import { registerAndLogin, whenHydrated } from "../e2e/support/account";
import { launchBrowser, newPage } from "../e2e/support/browser";
import { startStack } from "../e2e/support/stack";

// Signed out for landing, login and register (signed in, those two redirect to the dashboard).
const SIGNED_OUT = new Set(["/", "/login", "/register", "/b/bench-salon?service=Haircut"]);
// Pages that load no JavaScript at all: nothing to wait for but the load.
const NO_SCRIPTS = new Set(["/b/bench-salon?service=Haircut"]);
const SCREENS: [label: string, path: string, budgetKb: number, ready?: string][] = [
  ["landing", "/", 90],
  ["login", "/login", 120],
  ["register", "/register", 120],
  ["Connect", "/dashboard", 120],
  ["Clients", "/dashboard/clients", 120],
  ["Sync", "/dashboard/sync", 120],
  ["Calendar (list)", "/dashboard/calendar", 120],
  ["Calendar (month)", "/dashboard/calendar?view=calendar", 160, ".fc-daygrid"],
  ["Rules", "/dashboard/rules", 120],
  ["Insights", "/dashboard/calendar/insights", 120],
  ["Settings", "/dashboard/settings", 120],
  ["booking page", "/b/bench-salon?service=Haircut", 30],
];

const stack = await startStack();
const browser = await launchBrowser();
const rows: string[][] = [["screen", "scripts", "gzip KB", "budget KB", ""]];
let over = 0;
try {
  const { page } = await newPage(browser, 390);
  await registerAndLogin(page, stack.appUrl, {
    name: "Dana Levi",
    business: "Dana Hair",
    email: "bundle@example.com",
    password: "bundle-pass-1",
  });
  // The booking page, on, with a service to choose.
  const headers = { Origin: stack.appUrl };
  await page.request.post(`${stack.appUrl}/api/services`, {
    headers,
    data: { service: "Haircut", duration_minutes: 30, price: 80 },
  });
  await page.request.patch(`${stack.appUrl}/api/settings`, {
    headers,
    data: { booking_slug: "bench-salon", booking_page_enabled: true },
  });
  for (const [label, path, budget, ready] of SCREENS) {
    // A fresh context each time: nothing comes from the cache, as for a first visit.
    const storageState = SIGNED_OUT.has(path) ? undefined : await page.context().storageState();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState });
    const tab = await context.newPage();
    const scripts = new Map<string, Promise<number>>();
    tab.on("response", (res) => {
      if (res.request().resourceType() !== "script" || scripts.has(res.url())) return;
      scripts.set(
        res.url(),
        res.body().then(
          (b) => gzipSync(b, { level: 9 }).byteLength,
          () => 0,
        ),
      );
    });
    await tab.goto(stack.appUrl + path);
    if (!NO_SCRIPTS.has(path)) await whenHydrated(tab);
    if (ready) await tab.waitForSelector(ready, { timeout: 20_000 });
    await tab.waitForLoadState("networkidle");
    const sizes = await Promise.all(scripts.values());
    const kb = sizes.reduce((a, b) => a + b, 0) / 1024;
    if (kb > budget) over++;
    rows.push([label, String(sizes.length), kb.toFixed(1), String(budget), kb > budget ? "OVER" : "ok"]);
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const r of rows)
  console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  "));
console.log(over ? `\n${over} screen(s) over budget.` : "\nEvery screen within budget.");
