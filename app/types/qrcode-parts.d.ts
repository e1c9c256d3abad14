// The two pure parts of the qrcode library the app uses (app/utils/qr.ts):
// its encoder and its SVG writer, neither of which needs Node or a canvas.
declare module "qrcode/lib/core/qrcode" {
  export function create(text: string, options?: { errorCorrectionLevel?: "L" | "M" | "Q" | "H" }): unknown;
}
declare module "qrcode/lib/renderer/svg-tag" {
  export function render(
    qr: unknown,
    options?: { margin?: number; width?: number; color?: { dark?: string; light?: string } },
  ): string;
}
