export type Lang = "en" | "he";
export const languages: readonly Lang[] = ["en", "he"];

/** One area's strings; Hebrew must cover every English key (checked by the compiler). */
export function defineMessages<const T extends Record<string, string>>(en: T, he: { [K in keyof T]: string }) {
  return { en, he };
}
