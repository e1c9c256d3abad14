// Where to send the browser after sign-in or a language switch: only a path
// on this site. Checked after URL parsing, the way a browser reads it, so
// tabs and newlines (which browsers drop), backslashes (read as slashes) and
// percent-encoded forms cannot turn "/x" into "//evil.example".
const BASE = "https://chatbook.invalid";

function staysHere(value: string): boolean {
  if (!value.startsWith("/") || value.length > 2000) return false;
  // Control characters, whitespace and backslashes have no place in our own paths.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u0020\u007f\\]/.test(value.split(/[?#]/)[0])) return false;
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE && !url.pathname.startsWith("//");
  } catch {
    return false;
  }
}

export function safeRedirect(value: string | null | undefined, fallback = "/dashboard"): string {
  if (!value || !staysHere(value)) return fallback;
  // What is checked is what will be sent: URL parsing removes dot segments
  // ("/.//evil.example" becomes "//evil.example"), so the normalised path,
  // search and hash must pass every check themselves.
  let target: string;
  try {
    const url = new URL(value, BASE);
    target = url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
  if (target.startsWith("//") || !staysHere(target)) return fallback;
  // A target that leaves the site once decoded is refused too (it may be decoded again on the way).
  let decoded = target;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    if (!staysHere(next) || new URL(next, BASE).pathname.startsWith("//")) return fallback;
    decoded = next;
  }
  return target;
}
