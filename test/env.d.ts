import type { D1Migration } from "@cloudflare/vitest-pool-workers";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** A simulator speaking WEBJS shapes (the default one speaks NOWEB). */
      WEBJS_SIM_URL: string;
    }
  }
}
