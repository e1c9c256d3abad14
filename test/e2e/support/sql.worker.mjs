// The worker thread behind stack.query (sql.ts): SQL posted to the
// served product's development door (POST /__dev/sql, open only on the test
// stacks), waited for by the test in place. The server's own D1 runs it, so no
// second process holds the database file (a `wrangler d1 execute` process per
// statement took over a second, and could find the file locked).
import { runAsWorker } from "synckit";

runAsWorker(
  /** The rows of `sql` (of several statements, the last one's). @param {string} appUrl @param {string} sql */
  async (appUrl, sql) => {
    const res = await fetch(`${appUrl}/__dev/sql`, { method: "POST", body: new URLSearchParams({ sql }) });
    const answer = await res.json().catch(() => ({ error: `answered ${res.status} without JSON` }));
    if (!res.ok) throw new Error(`POST /__dev/sql answered ${res.status}: ${answer.error ?? JSON.stringify(answer)}`);
    return answer.results;
  },
);
