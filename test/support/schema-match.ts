// A migration written by hand (SQLite cannot alter a column in place, so some
// rebuild a table) is checked against the drizzle schema the code queries with.
import { env } from "cloudflare:test";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { expect } from "vitest";

/** The table's columns and their NOT NULLs in D1 are the schema's. */
export async function expectColumnsAsSchema(table: SQLiteTable) {
  const config = getTableConfig(table);
  const columns = (await env.DB.prepare(`PRAGMA table_info(${config.name})`).all<{ name: string; notnull: number }>())
    .results;
  expect(columns.map((c) => [c.name, c.notnull === 1]).sort()).toEqual(
    config.columns.map((c) => [c.name, c.notNull]).sort(),
  );
}

/** The table's own indexes in D1 (names and uniqueness) are the schema's. */
export async function expectIndexesAsSchema(table: SQLiteTable) {
  const config = getTableConfig(table);
  const indexes = (
    await env.DB.prepare(`PRAGMA index_list(${config.name})`).all<{ name: string; unique: number; origin: string }>()
  ).results;
  expect(
    indexes
      .filter((i) => i.origin === "c")
      .map((i) => [i.name, i.unique === 1])
      .sort(),
  ).toEqual(config.indexes.map((i) => [i.config.name, i.config.unique]).sort());
}

/** The table's foreign keys in D1, each [column, table, on delete], sorted. */
export async function foreignKeysOf(tableName: string) {
  const keys = (
    await env.DB.prepare(`PRAGMA foreign_key_list(${tableName})`).all<{
      from: string;
      table: string;
      on_delete: string;
    }>()
  ).results;
  return keys.map((k) => [k.from, k.table, k.on_delete]).sort();
}
