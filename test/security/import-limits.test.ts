// The client import's limits inside workerd: imports are counted per
// business; a file near the size limit is saved in chunks (D1 refuses one
// bound value over 2,000,000 bytes). Linear parsing: test/node/import-linear.test.ts.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { importClients, MAX_IMPORT_BYTES } from "../../app/services/clients/import.server";
import { signedInOwner } from "../support/auth";

describe("imports near the limits", () => {
  it("a file near 2 MB of long notes is saved whole, not answered with a 5xx", async () => {
    const owner = await signedInOwner();
    const lines = ["name,phone,notes"];
    for (let i = 0; lines.length * 1930 < MAX_IMPORT_BYTES - 4096; i++)
      lines.push(`Client ${i},05${String(20000000 + i).padStart(8, "0")},${"n".repeat(1900)}`);
    const body = lines.join("\n");
    expect(new TextEncoder().encode(body).length).toBeGreaterThan(2_000_000); // more than D1 takes in one bound value
    const res = await owner.api("/api/import/clients", {
      method: "POST",
      headers: { "Content-Type": "text/csv" },
      body,
    });
    expect(res.status).toBe(200);
    const saved = await env.DB.prepare("SELECT count(*) AS n FROM clients WHERE business_id = ?")
      .bind(owner.businessId)
      .first<number>("n");
    expect(saved).toBe(lines.length - 1);
    expect(((await res.json()) as { imported: number }).imported).toBe(lines.length - 1);
  });

  it("answers 429 to the 31st import of one business within 10 minutes, previews included; other businesses go on", async () => {
    const a = await signedInOwner();
    const b = await signedInOwner();
    const now = Date.now();
    const business = (o: typeof a) => ({ id: o.businessId, country: "IL" });
    const text = "name,phone\nMaya,0521234567\n";
    const file = { type: "text/csv", bytes: new TextEncoder().encode(text) };
    for (let i = 0; i < 30; i++) await importClients(env.DB, business(a), file, { dryRun: true, now });
    await expect(importClients(env.DB, business(a), file, { dryRun: false, now })).rejects.toMatchObject({
      status: 429,
      problem: { key: "import.err.rateLimited" },
    });
    await expect(importClients(env.DB, business(b), file, { dryRun: false, now })).resolves.toMatchObject({
      imported: 1,
    });
    const res = await a.api("/api/import/clients?dry_run=1", {
      method: "POST",
      headers: { "Content-Type": "text/csv" },
      body: text,
    });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      "Too many imports in a short time. Wait a few minutes and try again.",
    );
    // Ten minutes later it works again.
    await expect(
      importClients(env.DB, business(a), file, { dryRun: true, now: now + 10 * 60_000 + 1 }),
    ).resolves.toMatchObject({ format: "csv" });
  });
});
