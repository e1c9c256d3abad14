// A QR code as an SVG text, with the qrcode library's own encoder and SVG
// writer (pure JavaScript: it runs in the Worker and in the browser alike).
import { create } from "qrcode/lib/core/qrcode";
import { render } from "qrcode/lib/renderer/svg-tag";

/** The QR code of a text (a link) as a standalone SVG document, dark on white. */
export function qrSvg(text: string, width?: number): string {
  return render(create(text, { errorCorrectionLevel: "M" }), {
    margin: 2,
    width,
    color: { dark: "#0f172a", light: "#ffffff" },
  });
}
