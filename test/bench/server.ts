// Serves the built product with `wrangler dev --local` over a fresh D1 that is
// migrated and seeded BEFORE the server starts (bulk data loads far faster
// that way than through a running server).
import { localD1, startWranglerDev } from "../support/local-server";

export async function startSeededServer(seedSql: string[]) {
  const d1 = localD1("chatbook-bench-");
  try {
    for (const sql of seedSql) d1.execute(sql);
    const server = await startWranglerDev({ persist: d1.persist, testScheduled: false });
    return {
      url: server.url,
      stop: async () => {
        await server.stop();
        d1.remove();
      },
    };
  } catch (error) {
    d1.remove();
    throw error;
  }
}
