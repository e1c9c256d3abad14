// A database the screen cannot read: one table renamed away for the length of
// `run`, then back (a failed load, as the screens' error boundaries see it).
import { env } from "cloudflare:test";

export async function without<T>(table: string, run: () => Promise<T>): Promise<T> {
  await env.DB.exec(`ALTER TABLE ${table} RENAME TO ${table}_away`);
  try {
    return await run();
  } finally {
    await env.DB.exec(`ALTER TABLE ${table}_away RENAME TO ${table}`);
  }
}
