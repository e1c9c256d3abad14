// stack.query: SQL on the served product's D1, answered in place (the tests
// read rows without await). A worker thread (sql.worker.mjs) posts it to the
// development door POST /__dev/sql, which the test stacks open (E2E_SQL), and
// this thread waits for the answer: milliseconds, where a `wrangler d1 execute`
// process per statement took over a second and opened the database file beside
// the server's (which could then find it locked).
import { fileURLToPath } from "node:url";
import { createSyncFn } from "synckit";

let post: ((appUrl: string, sql: string) => unknown[]) | undefined;

/** The rows of `sql` on the stack at `appUrl` (of several statements, all run, the last one's rows). */
export function serverRows<T>(appUrl: string, sql: string): T[] {
  post ??= createSyncFn(fileURLToPath(new URL("./sql.worker.mjs", import.meta.url)), { timeout: 60_000 });
  return post(appUrl, sql) as T[];
}
