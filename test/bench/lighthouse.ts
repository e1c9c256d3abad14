// Lighthouse on the pages a visitor meets before signing in: /, /login and
// /register, in English and Hebrew, against the built product served as in
// the browser tests, in the Chromium the tests drive. Lighthouse's defaults:
// a mobile phone with simulated slow 4G and a 4x slower CPU.
// Targets (issue 15): performance at least 95; accessibility, best practices
// and SEO 100.
//   npm run bench:lighthouse        (npm run build first)
import lighthouse from "lighthouse";
import { launchBrowser } from "../e2e/support/browser";
import { freePort, startStack } from "../e2e/support/stack";

// `npm run bench:lighthouse -- /login` runs only the pages named.
const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/login", "/register"];
const LANGS = ["en", "he"] as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGET: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

const stack = await startStack();
const port = await freePort();
const browser = await launchBrowser([`--remote-debugging-port=${port}`]);
const rows: string[][] = [["page", "lang", ...CATEGORIES, ""]];
const misses: string[] = [];
try {
  for (const path of PAGES) {
    for (const lang of LANGS) {
      const result = await lighthouse(stack.appUrl + path, {
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
for (const r of rows) console.log(r.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  "));
console.log(misses.length ? `\nBelow target:\n${misses.join("\n")}` : "\nEvery page meets the targets.");
