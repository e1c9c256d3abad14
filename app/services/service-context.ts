// What a service call needs from the request or job it serves: the database,
// the Worker's bindings and the moment it runs at (one clock for the whole call).
import type { Db } from "~db";

export type ServiceContext = { db: Db; env: Env; now: number };
