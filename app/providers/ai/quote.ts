// The message a proposed booking came from, short enough for a phone card:
// whitespace collapsed, and a long message cut at word boundaries around the
// part that gave the time, with "…" where text was left out.

export const QUOTE_MAX_CHARS = 120;

export function shortQuote(body: string, around = 0, max = QUOTE_MAX_CHARS): string {
  const flat = body.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  // `around` is an offset in the original body; map it onto the flattened text.
  const centre = Math.min(flat.length, body.slice(0, Math.max(0, around)).replace(/\s+/g, " ").trimStart().length);
  let start = Math.max(0, Math.min(centre - Math.floor(max / 3), flat.length - max));
  let end = start + max;
  if (start > 0) {
    const space = flat.indexOf(" ", start);
    start = space >= 0 && space < centre ? space + 1 : start;
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(" ", end);
    end = space > start ? space : end;
  }
  return `${start > 0 ? "…" : ""}${flat.slice(start, end).trim()}${end < flat.length ? "…" : ""}`;
}
