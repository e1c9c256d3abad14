// Reads an uploaded file as a stream and leaves out the pictures and other
// binary values of a vCard (PHOTO, LOGO, SOUND, KEY) as they pass, so the
// size limit counts only what the import reads: an iPhone's "share all
// contacts" file passes 2 MB at about 50 contacts because of their photos,
// which the import never uses. One pass over the bytes, whatever the chunks;
// no line is held in memory whole. Runs in the browser too (the Import modal
// strips a file before sending it) and on the server (the API, and any file
// the modal did not strip).

/** The largest file accepted, pictures aside (a 10,000-row CSV is well under it). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

/** Property names whose values are pictures, sounds or keys. */
const BINARY = new Set(["PHOTO", "LOGO", "SOUND", "KEY"]);
/** How much of a line's start is looked at to know what it is; a property's name and parameters fit in it. */
const HEAD_MAX = 256;
const NL = 0x0a;
const COLON = 0x3a;

export type Upload = {
  /** The bytes the import reads (everything, for a file that is not a vCard). */
  bytes: Uint8Array<ArrayBuffer>;
  /** How many binary values were left out. */
  skipped: number;
  /** The kept bytes passed `limit`: `bytes` then holds only the start. */
  overLimit: boolean;
};

export async function readUpload(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Upload> {
  const strip = new BinaryStripper(limit);
  if (stream) {
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      strip.push(value);
      if (strip.overLimit) {
        await reader.cancel().catch(() => {});
        break;
      }
    }
  }
  return strip.end();
}

/** The line-by-line state of one file: what the current line is, and whether a binary value is running on. */
class BinaryStripper {
  private out: Uint8Array<ArrayBuffer>;
  private size = 0;
  private head: number[] = [];
  /** The current line's fate once its head is read: pass it on, or leave it out. */
  private line: "head" | "keep" | "drop" = "head";
  /** A binary property is open: its continuation lines go too. */
  private inBinary = false;
  /** null until the first line that is not blank says whether this is a vCard. */
  private vcard: boolean | null = null;
  skipped = 0;
  overLimit = false;

  constructor(private readonly limit: number) {
    this.out = new Uint8Array(Math.min(limit + 1, 64 * 1024));
  }

  push(chunk: Uint8Array) {
    for (let i = 0; i < chunk.length && !this.overLimit; i++) {
      const b = chunk[i];
      if (this.line === "head") {
        this.head.push(b);
        if (b === COLON || b === NL || this.head.length >= HEAD_MAX) this.decide();
      } else if (this.line === "keep") this.emit(b);
      if (b === NL) this.line = "head";
    }
  }

  end(): Upload {
    if (this.line === "head" && this.head.length) this.decide();
    return { bytes: this.out.slice(0, this.size), skipped: this.skipped, overLimit: this.overLimit };
  }

  /** The line's head is in: keep or drop the whole line. */
  private decide() {
    const head = this.head;
    this.head = [];
    const first = head[0];
    const blank = head.every(
      (b) => b === 0x20 || b === 0x09 || b === 0x0d || b === NL || b === 0xef || b === 0xbb || b === 0xbf,
    );
    if (this.vcard === null && !blank)
      this.vcard = /^(\uFEFF|\u00EF\u00BB\u00BF)?\s*BEGIN:/i.test(String.fromCharCode(...head.slice(0, 16)));
    let keep = true;
    if (this.vcard) {
      // A continuation: folded (starts with a space or tab), or a line of base64 with no colon, or the blank line
      // that ends a vCard 2.1 binary value.
      const continues = first === 0x20 || first === 0x09 || !head.includes(COLON);
      if (this.inBinary && continues) keep = false;
      else if (!continues) {
        const name = String.fromCharCode(...head.slice(0, 64))
          .split(/[;:]/)[0]
          .replace(/^[^.]*\./, "")
          .trim()
          .toUpperCase();
        this.inBinary = BINARY.has(name);
        if (this.inBinary) {
          this.skipped++;
          keep = false;
        }
      }
    }
    this.line = keep ? "keep" : "drop";
    if (keep) for (const b of head) this.emit(b);
    if (head[head.length - 1] === NL) this.line = "head";
  }

  private emit(b: number) {
    if (this.size >= this.limit) {
      this.overLimit = true;
      return;
    }
    if (this.size === this.out.length) {
      const grown = new Uint8Array(Math.min(this.limit + 1, this.out.length * 2));
      grown.set(this.out);
      this.out = grown;
    }
    this.out[this.size++] = b;
  }
}
