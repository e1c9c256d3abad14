// Search on a client's name or phone, case-insensitively, for the client list
// and the booking list ("Search name or phone").
import { or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

export const SEARCH_MAX = 100;

/** `%q%` for LIKE ... ESCAPE '\', with the user's own % and _ taken literally. */
function contains(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Name contains the text, or the stored digits contain the typed digits. A
 * local number typed with its trunk 0 ("054 123") also finds "972541234567".
 */
export function nameOrPhoneMatches(q: string, name: SQLiteColumn, phone: SQLiteColumn): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const conditions: SQL[] = [sql`${name} LIKE ${contains(text)} ESCAPE '\\'`];
  const digits = text.replace(/\D/g, "");
  if (digits.length >= 2 && /^[\d\s+\-().]+$/.test(text)) {
    conditions.push(sql`${phone} LIKE ${contains(digits)}`);
    if (digits.startsWith("0") && digits.length > 2) conditions.push(sql`${phone} LIKE ${contains(digits.slice(1))}`);
  }
  return or(...conditions);
}
