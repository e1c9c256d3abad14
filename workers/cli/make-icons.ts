// Renders the app icons (PNG) of the web manifest from app/public/favicon.svg
// with the test Chromium. Run once after the logo changes and commit the PNGs:
//   npx tsx workers/cli/make-icons.ts
// "any" icons are the logo as drawn (its own rounded square); the maskable
// one and the Apple touch icon fill the square with the brand colour, so a
// platform's mask or rounding cuts only colour (the bubble sits well inside
// the 80% safe zone).
import { readFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { launchBrowser } from "../../test/e2e/support/browser";

const OUT = path.resolve("app/public/icons");
const BRAND = "#0f766e";
const svg = readFileSync(path.resolve("app/public/favicon.svg"), "utf8");
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

type Icon = { file: string; size: number; scale: number; background: string };
const ICONS: Icon[] = [
  { file: "icon-192.png", size: 192, scale: 1, background: "transparent" },
  { file: "icon-512.png", size: 512, scale: 1, background: "transparent" },
  { file: "icon-maskable-512.png", size: 512, scale: 1, background: BRAND },
  { file: "apple-touch-icon.png", size: 180, scale: 1, background: BRAND },
];

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
      const inner = Math.round(icon.size * icon.scale);
      await page.setContent(
        `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background}">` +
          `<img src="${dataUrl}" width="${inner}" height="${inner}" alt=""></body></html>`,
      );
      await page.locator("img").evaluate((img: HTMLImageElement) => img.decode());
      await page.screenshot({ path: path.join(OUT, icon.file), omitBackground: icon.background === "transparent" });
      await page.close();
      console.log(`${icon.file} ${icon.size}x${icon.size}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
