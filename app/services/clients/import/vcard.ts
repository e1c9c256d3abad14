// Phones' contacts files: vCard 2.1 (Android, Samsung, Outlook), 3.0 (iPhone,
// Google, WhatsApp's shared contacts) and 4.0. Read line by line in one pass:
// folded lines, quoted-printable values whose soft breaks run over any number
// of lines, CHARSET=, grouped properties (an iPhone's "item1.TEL" with its
// "item1.X-ABLabel"), and WhatsApp's "waid=" (the number WhatsApp knows).
// Pictures and other binary values are left out.
import { decodeCharset, type Encoding } from "./decode";
import { kindOfLabel, type PhoneKind } from "./columns";

export type Phone = { value: string; label: string; kind: PhoneKind; where: string };
export type Card = { card: number; name: string; phones: Phone[]; tags: string[]; notes: string; version: string };

const BINARY = new Set(["PHOTO", "LOGO", "SOUND", "KEY"]);
/** The properties the import reads; the others are not parsed at all. */
const READ = new Set(["VERSION", "FN", "N", "NICKNAME", "ORG", "TEL", "CATEGORIES", "NOTE", "X-ABLABEL"]);

/** A property line's name without its group ("item1.TEL;type=CELL:..." is TEL), found without splitting the line. */
function propertyName(line: string): string {
  let end = 0;
  while (end < line.length && end < 128) {
    const c = line.charCodeAt(end);
    if (c === 0x3a || c === 0x3b) break;
    end++;
  }
  const full = line.slice(0, end);
  return full
    .slice(full.lastIndexOf(".") + 1)
    .trim()
    .toUpperCase();
}

type Property = { group: string; name: string; params: Map<string, string[]>; value: string };

/** Splits at `sep` outside double quotes (a vCard 4.0 parameter may hold ";" or ":" in quotes). */
function splitOutsideQuotes(text: string, sep: string, max = Infinity): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length && parts.length < max - 1; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === sep && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The name, group and parameters of a property line, and its raw value. Null for a line that is not one. */
function parseLine(line: string): Property | null {
  const [left, value] = splitOutsideQuotes(line, ":", 2);
  if (value === undefined) return null;
  const [fullName, ...rawParams] = splitOutsideQuotes(left, ";");
  const dot = fullName.lastIndexOf(".");
  const params = new Map<string, string[]>();
  for (const p of rawParams) {
    const eq = p.indexOf("=");
    // vCard 2.1 writes bare types ("TEL;CELL;HOME") and bare encodings ("QUOTED-PRINTABLE").
    const key =
      eq < 0
        ? /^(quoted-printable|base64|b|8bit)$/i.test(p)
          ? "encoding"
          : "type"
        : p.slice(0, eq).trim().toLowerCase();
    const values = (eq < 0 ? p : p.slice(eq + 1)).split(",").map((v) => v.trim().replace(/^"|"$/g, ""));
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return {
    group: dot < 0 ? "" : fullName.slice(0, dot).toLowerCase(),
    name: fullName
      .slice(dot + 1)
      .trim()
      .toUpperCase(),
    params,
    value,
  };
}

const isQuotedPrintable = (p: Property) => (p.params.get("encoding") ?? []).some((e) => /^quoted-printable$/i.test(e));

const hexValue = (c: number) =>
  c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
const encoder = new TextEncoder();
/** One buffer for every value's bytes, grown when a longer one comes. */
let scratch = new Uint8Array(4096);

/** Quoted-printable to bytes (a "=" not followed by two hex digits is a soft break, or noise, and is dropped), then text. */
function decodeQuotedPrintable(value: string, charset: string | undefined, fallback: Encoding): string {
  if (!value.includes("=")) return value;
  if (scratch.length < value.length * 3) scratch = new Uint8Array(value.length * 3);
  const bytes = scratch;
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x3d) {
      const high = hexValue(value.charCodeAt(i + 1));
      const low = hexValue(value.charCodeAt(i + 2));
      if (high >= 0 && low >= 0) {
        bytes[n++] = high * 16 + low;
        i += 2;
      }
    } else if (c < 0x80) bytes[n++] = c;
    else n += encoder.encodeInto(value[i], bytes.subarray(n)).written;
  }
  return decodeCharset(bytes.subarray(0, n), charset, fallback);
}

/** vCard 3.0/4.0 text escapes; vCard 2.1 escapes only ";". */
const unescape = (text: string) =>
  text.replace(/\\([nN,;:\\])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));

/** Splits structured text (N's parts, CATEGORIES' list) at unescaped separators. */
function components(text: string, sep: string): string[] {
  const parts: string[] = [];
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\" && i + 1 < text.length) {
      current += text[i] + text[i + 1];
      i++;
    } else if (c === sep) {
      parts.push(current);
      current = "";
    } else current += c;
  }
  parts.push(current);
  return parts.map(unescape);
}

/** An iPhone's label "_$!<Mobile>!$_" is "Mobile"; a custom label stays as written. */
const cleanLabel = (label: string) => label.replace(/^_\$!<(.*)>!\$_$/, "$1").trim();

const INFORMATIVE_TYPE = /^(voice|pref|internet|x-.*|text|msg)$/i;

function phoneOf(p: Property, labels: Map<string, string>): Phone | null {
  let value = p.value.trim().replace(/^tel:/i, "");
  value = value.split(/;ext=/i)[0];
  if (!value) return null;
  const types = (p.params.get("type") ?? []).map((t) => t.toLowerCase());
  const custom = p.group ? labels.get(p.group) : undefined;
  const waid = p.params.get("waid")?.[0];
  const kinds = [custom, ...types].map((t) => (t ? kindOfLabel(t) : null)).filter((k): k is PhoneKind => k !== null);
  // Fax or pager anywhere wins over "home" or "work" beside it (TEL;TYPE=HOME,FAX).
  const kind: PhoneKind = waid
    ? "whatsapp"
    : kinds.includes("fax")
      ? "fax"
      : (kinds.sort((a, b) => rank(a) - rank(b))[0] ?? "main");
  const typeLabel =
    kind === "fax" ? types.find((t) => kindOfLabel(t) === "fax") : types.find((t) => !INFORMATIVE_TYPE.test(t));
  const label = custom || (waid ? "WhatsApp" : typeLabel ? typeLabel[0].toUpperCase() + typeLabel.slice(1) : "");
  return { value: waid && !/\d/.test(value) ? waid : value, label, kind, where: label ? `TEL (${label})` : "TEL" };
}

const ORDER: PhoneKind[] = ["whatsapp", "mobile", "main", "other", "home", "work", "fax"];
const rank = (k: PhoneKind) => ORDER.indexOf(k);

/** A property's value with quoted-printable decoded (escapes still in). */
const rawOf = (p: Property, fallback: Encoding) =>
  isQuotedPrintable(p) ? decodeQuotedPrintable(p.value, p.params.get("charset")?.[0], fallback) : p.value;

function readCard(number: number, lines: string[], fallback: Encoding): Card {
  const props: Property[] = [];
  for (const line of lines) {
    if (!READ.has(propertyName(line))) continue;
    const p = parseLine(line);
    if (p) props.push(p);
  }
  const version = props.find((p) => p.name === "VERSION")?.value.trim() ?? "3.0";
  const labels = new Map<string, string>();
  for (const p of props)
    if (p.name === "X-ABLABEL" && p.group) labels.set(p.group, cleanLabel(unescape(rawOf(p, fallback))));
  const text = (name: string) => {
    const p = props.find((q) => q.name === name);
    return p ? unescape(rawOf(p, fallback)) : "";
  };
  const structured = (name: string, sep: string) => {
    const p = props.find((q) => q.name === name);
    return p ? components(rawOf(p, fallback), sep) : [];
  };
  const fn = text("FN").trim();
  const [family = "", given = "", middle = ""] = structured("N", ";");
  const fromN = [given, middle, family]
    .map((s) => s.replace(/,/g, " ").trim())
    .filter(Boolean)
    .join(" ");
  const nickname = text("NICKNAME").split(",")[0].trim();
  const org = (structured("ORG", ";")[0] ?? "").trim();
  const phones = props
    .filter((p) => p.name === "TEL")
    .map((p) => phoneOf(p, labels))
    .filter((p): p is Phone => p !== null);
  const tags = props.filter((p) => p.name === "CATEGORIES").flatMap((p) => components(rawOf(p, fallback), ","));
  const notes = props
    .filter((p) => p.name === "NOTE")
    .map((p) => unescape(rawOf(p, fallback)).trim())
    .filter(Boolean)
    .join("\n");
  return {
    card: number,
    name: fn || fromN || nickname || org,
    phones,
    tags: tags.map((t) => t.trim()).filter(Boolean),
    notes,
    version,
  };
}

/**
 * The cards of a file, numbered from 1 in its order. One pass over the
 * lines: a BEGIN:VCARD inside an open card starts a new one, so a file of
 * BEGIN lines without END costs one look at each line. Stops at `maxCards`
 * + 1 cards (the caller refuses a file with more).
 */
export function readVcards(text: string, fallback: Encoding, maxCards: number): Card[] {
  const cards: Card[] = [];
  let open: string[] | null = null;
  let version = "3.0";
  /** The logical line being put together from folded and soft-broken physical lines. */
  let current: string[] = [];
  let softBreak = false;
  let inBinary = false;
  const finishLine = () => {
    if (open && current.length) open.push(current.join(""));
    current = [];
    softBreak = false;
  };
  const closeCard = () => {
    finishLine();
    if (open) cards.push(readCard(cards.length + 1, open, fallback));
    open = null;
  };
  // Split at "\n" (a string split is far cheaper than a pattern's); old Macs' bare "\r" files are split at "\r".
  const newline = text.includes("\n") ? "\n" : "\r";
  for (const physical of text.split(newline)) {
    const line = physical.endsWith("\r") ? physical.slice(0, -1) : physical;
    const trimmed = line.trim();
    if (/^BEGIN:VCARD$/i.test(trimmed)) {
      closeCard();
      if (cards.length > maxCards) return cards;
      open = [];
      version = "3.0";
      inBinary = false;
      continue;
    }
    if (!open) continue;
    if (/^END:VCARD$/i.test(trimmed)) {
      closeCard();
      continue;
    }
    if (softBreak) {
      // A quoted-printable value goes on: the "=" that ended the last line is not part of it.
      current[current.length - 1] = current[current.length - 1].slice(0, -1);
      current.push(line);
      softBreak = line.endsWith("=");
      continue;
    }
    const folded = line.startsWith(" ") || line.startsWith("\t");
    if (inBinary && (folded || !line.includes(":"))) continue;
    if (folded && current.length) {
      current.push(version === "2.1" ? line : line.slice(1));
      continue;
    }
    finishLine();
    if (!trimmed) continue;
    const name = propertyName(line);
    inBinary = BINARY.has(name);
    if (inBinary) continue;
    if (name === "VERSION") version = line.slice(line.indexOf(":") + 1).trim();
    current.push(line);
    softBreak = line.endsWith("=") && /quoted-printable/i.test(line.slice(0, line.indexOf(":") + 1 || line.length));
  }
  closeCard();
  return cards;
}
