// Lighthouse on the pages a visitor meets before signing in: /, /login,
// /register and a business's public booking page (issue 30), in English and Hebrew, against the built product served as in
// the browser tests, in the Chromium the tests drive. Lighthouse's defaults:
// a mobile phone with simulated slow 4G and a 4x slower CPU.
// Targets (issue 15): performance at least 95; accessibility, best practices
// and SEO 100.
//   npm run bench:lighthouse        (npm run build first)
import lighthouse from "lighthouse";
import { registerAndLogin } from "../e2e/support/account";
import { launchBrowser, newPage } from "../e2e/support/browser";
import { freePort, startStack } from "../e2e/support/stack";

// `npm run bench:lighthouse -- /login` runs only the pages named.
const BOOKING_PAGE = "/b/bench-salon?service=Haircut";
const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/login", "/register", BOOKING_PAGE];
const LANGS = ["en", "he"] as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGET: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};

const stack = await startStack();
const port = await freePort();
const browser = await launchBrowser([`--remote-debugging-port=${port}`]);
const rows: string[][] = [["page", "lang", ...CATEGORIES, ""]];
const misses: string[] = [];
try {
  if (PAGES.some((p) => p.startsWith("/b/"))) {
    // A business whose booking page is on, with a service to choose.
    const { page } = await newPage(browser, 390);
    await registerAndLogin(page, stack.appUrl, {
      name: "Dana Levi",
      business: "Dana Hair",
      email: "lighthouse@example.com",
      password: "lighthouse-1",
    });
    const headers = { Origin: stack.appUrl };
    await page.request.post(`${stack.appUrl}/api/services`, {
      headers,
      data: { service: "Haircut", duration_minutes: 30, price: 80 },
    });
    await page.request.patch(`${stack.appUrl}/api/settings`, {
      headers,
      data: { booking_slug: "bench-salon", booking_page_enabled: true },
    });
    await page.context().close();
  }
  for (const path of PAGES) {
    for (const lang of LANGS) {
      // The booking page speaks its business's language unless its switch says otherwise.
      const url = stack.appUrl + path + (path.startsWith("/b/") ? `${path.includes("?") ? "&" : "?"}lang=${lang}` : "");
      const result = await lighthouse(url, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        extraHeaders: { Cookie: `lang=${lang}` },
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { categories, audits } = result.lhr;
      const scores = CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100));
      const below = CATEGORIES.filter((c, i) => scores[i] < TARGET[c]);
      rows.push([path, lang, ...scores.map(String), below.length ? "BELOW" : "ok"]);
      for (const c of below) {
        // What cost the points: every audit of the category that did not pass.
        const failing = categories[c].auditRefs
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => {
            const audit = audits[ref.id];
            // What the audit found, for the non-timing ones (e.g. which browser issue).
            const items = (audit.details as { items?: unknown[] } | undefined)?.items;
            const found = c === "performance" || !items?.length ? "" : `: ${JSON.stringify(items).slice(0, 600)}`;
            return `${ref.id} (${audit.displayValue ?? audit.score})${found}`;
          });
        misses.push(`${path} ${lang} ${c}: ${failing.join(", ") || "no single audit"}`);
      }
    }
  }
} finally {
  await browser.close();
  await stack.stop();
}
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const r of rows)
  console.log(r.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  "));
console.log(misses.length ? `\nBelow target:\n${misses.join("\n")}` : "\nEvery page meets the targets.");
