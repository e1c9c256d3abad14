import { drizzle } from "drizzle-orm/d1";
import { sql } from "drizzle-orm";
import * as schema from "./schema";

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof createDb>;
export { schema };

/**
 * A list of values for `column IN ${inList(values)}`, bound as one JSON value:
 * D1 binds at most 100 values per statement, so a list that can be longer
 * (ids a request names, a Sync save's bookings) must not go one value each.
 */
export const inList = (values: readonly string[]) => sql`(SELECT value FROM json_each(${JSON.stringify(values)}))`;
