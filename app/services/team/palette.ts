// The colours a team member's calendar can take. Each keeps at least 4.5:1
// contrast with white text (WCAG AA), since event titles are white on them;
// test/services/team.test.ts checks every one. Client-safe.
export const TEAM_PALETTE = [
  "#1D4ED8",
  "#B91C1C",
  "#047857",
  "#7E22CE",
  "#C2410C",
  "#0F766E",
  "#BE185D",
  "#4D7C0F",
  "#A16207",
  "#374151",
] as const;

export const MAX_MEMBERS = 30;
export const MEMBER_NAME_MAX = 60;

/** The first palette colour the team does not use yet (the palette again from the start when all are taken). */
export function nextColor(used: readonly string[]): string {
  const taken = new Set(used.map((c) => c.toUpperCase()));
  return TEAM_PALETTE.find((c) => !taken.has(c)) ?? TEAM_PALETTE[used.length % TEAM_PALETTE.length];
}

/** The stylesheet's class for a palette colour (team-bg-0 ...): the page's CSP refuses style attributes in the server's HTML. */
export function colorClass(hex: string): string {
  const i = (TEAM_PALETTE as readonly string[]).indexOf(hex.toUpperCase());
  return `team-bg-${i < 0 ? 0 : i}`;
}

/** WCAG relative luminance of "#RRGGBB". */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast ratio of white text on the colour. */
export const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);
