// Which encoding a file was written in. Phones and Google write UTF-8; Excel's
// "Unicode Text" writes UTF-16 with a byte-order mark; Excel's "CSV (Comma
// delimited)" and Outlook's classic export on a Windows PC write the PC's
// code page: windows-1255 on a Hebrew one, windows-1252 on most others.
// TextDecoder (workerd has every label of the Encoding Standard) decodes.

export type Encoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1255" | "windows-1252";
export type Decoded = { text: string; encoding: Encoding };

/** windows-1255's Hebrew letters (א = 0xE0 ... ת = 0xFA). In windows-1252 the same bytes are accented Latin letters. */
const isHebrewByte = (b: number) => b >= 0xe0 && b <= 0xfa;
const isAsciiLetter = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);

/**
 * Hebrew or Western: Hebrew words are runs of high bytes between spaces and
 * punctuation; an accented Latin letter sits between ASCII letters ("café",
 * "Müller"). One pass over the bytes.
 */
function looksHebrew(bytes: Uint8Array): boolean {
  let hebrew = 0;
  let latin = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x80) continue;
    const before = i > 0 ? bytes[i - 1] : 0x20;
    const after = i + 1 < bytes.length ? bytes[i + 1] : 0x20;
    if (isAsciiLetter(before) || isAsciiLetter(after)) latin++;
    else if (isHebrewByte(b) && (isHebrewByte(before) || isHebrewByte(after))) hebrew++;
  }
  return hebrew > latin;
}

/** UTF-16 without a byte-order mark: every other byte of ASCII text is zero. */
function utf16Without(bytes: Uint8Array): Encoding | null {
  const n = Math.min(bytes.length, 512) & ~1;
  if (n < 8) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return "utf-16be";
  return null;
}

export function decodeFile(bytes: Uint8Array): Decoded {
  const decode = (encoding: Encoding, from = 0) => ({
    text: new TextDecoder(encoding).decode(bytes.subarray(from)),
    encoding,
  });
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode("utf-8", 3);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode("utf-16le", 2);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode("utf-16be", 2);
  const wide = utf16Without(bytes);
  if (wide) return decode(wide);
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return decode(looksHebrew(bytes) ? "windows-1255" : "windows-1252");
  }
}

/** Bytes of a value in a named charset (a vCard 2.1 CHARSET=); UTF-8 when it reads as UTF-8, else `fallback`. */
export function decodeCharset(bytes: Uint8Array, charset: string | undefined, fallback: Encoding): string {
  if (charset) {
    try {
      return new TextDecoder(charset.trim().toLowerCase()).decode(bytes);
    } catch {
      // an unknown label: read it as below
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder(
      fallback === "utf-8" || fallback.startsWith("utf-16")
        ? looksHebrew(bytes)
          ? "windows-1255"
          : "windows-1252"
        : fallback,
    ).decode(bytes);
  }
}
