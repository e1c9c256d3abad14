// Toasts stay on screen 2 to 4 s. On a loaded machine the page can show one and
// take it away between two looks of a test, so every toast is written down as
// it appears, and a test waits for the next one with the text it expects.
//
//   const toasts = await watchToasts(page);
//   await toasts.said("Service added.");
import { expect } from "vitest";
import type { Page } from "playwright-core";

type Log = { said: string[]; nodes: WeakSet<Node> };

/** In the page: records the text of each new toast (components/ui/toast.tsx: one element per toast). */
function record() {
  const w = window as unknown as { __toasts?: Log };
  if (w.__toasts) return;
  const log: Log = (w.__toasts = { said: [], nodes: new WeakSet() });
  const look = () => {
    for (const toast of document.querySelectorAll(".toast-region .toast")) {
      const text = toast.textContent;
      if (text && !log.nodes.has(toast)) {
        log.nodes.add(toast);
        log.said.push(text);
      }
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  look();
}

/** In the page: takes the first recorded toast with this text; else tells what was recorded. */
function take(text: string): string {
  const log = (window as unknown as { __toasts?: Log }).__toasts;
  if (!log) return "(not watching)";
  const at = log.said.indexOf(text);
  if (at === -1) return log.said.length ? `(saw: ${log.said.join(" | ")})` : "(no toast yet)";
  log.said.splice(0, at + 1);
  return text;
}

/** Watches the toasts of `page` (this document and every page it loads later). */
export async function watchToasts(page: Page) {
  await page.addInitScript(record);
  await page.evaluate(record);
  return {
    /** Waits until a toast with exactly this text has appeared since the last one taken. */
    said: (text: string, timeout = 15_000) =>
      expect.poll(() => page.evaluate(take, text).catch(() => "(page loading)"), { timeout }).toBe(text),
  };
}
