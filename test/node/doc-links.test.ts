// Every relative link in README.md and docs/**/*.md leads to a file that
// exists, and a link with #anchor to a heading of that file (GitHub's heading
// ids). The decisions moved out of the README into docs/decisions/ link to each
// other and back; this keeps those links true as files are renamed or split.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** GitHub's id for a heading: lower case, punctuation dropped, spaces to dashes; repeats get -1, -2... */
function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCode(markdown).split("\n")) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]
      .replace(/`/g, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n ? `${base}-${n}` : base);
  }
  return ids;
}

/** The text with fenced blocks and inline code blanked, so `[a](b)` inside code is not a link. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "``");
}

/** "file:line: target (why)" for each relative link of the files that does not resolve. */
export function brokenLinks(files: string[]): string[] {
  const broken: string[] = [];
  for (const file of files) {
    const lines = withoutCode(readFileSync(file, "utf8")).split("\n");
    lines.forEach((line, i) => {
      for (const m of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = m[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: ...
        const [rel, anchor] = target.split("#", 2);
        const dest = rel ? path.resolve(path.dirname(file), decodeURIComponent(rel)) : file;
        const where = `${file}:${i + 1}: ${target}`;
        let stat;
        try {
          stat = statSync(dest);
        } catch {
          broken.push(`${where} (no such file)`);
          continue;
        }
        if (anchor === undefined) continue;
        if (!stat.isFile() || !dest.endsWith(".md")) {
          broken.push(`${where} (an anchor into something that is not a Markdown file)`);
        } else if (!headingIds(readFileSync(dest, "utf8")).has(decodeURIComponent(anchor))) {
          broken.push(`${where} (no heading #${anchor})`);
        }
      }
    });
  }
  return broken;
}

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return markdownUnder(p);
    return e.name.endsWith(".md") ? [p] : [];
  });
}

describe("links in the documentation", () => {
  it("every relative link in README.md and docs/ leads to a file and heading that exist", () => {
    const root = process.cwd();
    const files = [path.join(root, "README.md"), ...markdownUnder(path.join(root, "docs"))];
    expect(files.length).toBeGreaterThan(70);
    expect(brokenLinks(files).map((b) => path.relative(root, b))).toEqual([]);
  });

  it("catches a missing file, a missing heading and a broken anchor in the same file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "doc-links-"));
    mkdirSync(path.join(dir, "decisions"));
    writeFileSync(
      path.join(dir, "decisions", "001-language-cookie.md"),
      "# Language is a cookie\n\n## The owner's data: in & out\n",
    );
    const readme = path.join(dir, "README.md");
    writeFileSync(
      readme,
      [
        "# Chatbook",
        "[ok](decisions/001-language-cookie.md#the-owners-data-in--out) [ok](#chatbook) [web](https://example.com/x.md)",
        "`[code](nowhere.md)` is not a link",
        "[gone](decisions/002-accounts.md)",
        "[no heading](decisions/001-language-cookie.md#accounts)",
        "[self](#configuration)",
      ].join("\n"),
    );
    expect(brokenLinks([readme]).map((b) => path.relative(dir, b))).toEqual([
      "README.md:4: decisions/002-accounts.md (no such file)",
      "README.md:5: decisions/001-language-cookie.md#accounts (no heading #accounts)",
      "README.md:6: #configuration (no heading #configuration)",
    ]);
  });
});
