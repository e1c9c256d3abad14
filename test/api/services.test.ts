import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";

type ServicesAnswer = { success: boolean; services: string[]; items: { id: string; service: string }[] };

async function servicesOf(owner: Awaited<ReturnType<typeof signedInOwner>>) {
  const res = await owner.api("/api/services");
  expect(res.status).toBe(200);
  return res.json<ServicesAnswer>();
}

describe("services API", () => {
  it("needs a signed-in owner", async () => {
    expect((await SELF.fetch("http://localhost/api/services")).status).toBe(401);
    expect((await SELF.fetch("http://localhost/api/services", { method: "POST", body: "{}" })).status).toBe(401);
    expect((await SELF.fetch("http://localhost/api/services/x", { method: "DELETE" })).status).toBe(401);
  });

  it("adds trimmed names, lists names and items, renames and deletes", async () => {
    const owner = await signedInOwner();
    expect(await servicesOf(owner)).toEqual({ success: true, services: [], items: [] });

    const added = await owner.api("/api/services", { method: "POST", json: { service: "  Hair   cut " } });
    expect(added.status).toBe(201);
    const { item } = await added.json<{ item: { id: string; service: string } }>();
    expect(item.service).toBe("Hair cut");
    await owner.api("/api/services", { method: "POST", json: { service: "Coloring" } });
    expect((await servicesOf(owner)).services).toEqual(["Coloring", "Hair cut"]);

    const renamed = await owner.api(`/api/services/${item.id}`, { method: "PATCH", json: { service: " Haircut " } });
    expect(await renamed.json()).toMatchObject({ success: true, item: { id: item.id, service: "Haircut" } });
    // Changing only the case of its own name is allowed.
    expect(
      (await owner.api(`/api/services/${item.id}`, { method: "PATCH", json: { service: "HAIRCUT" } })).status,
    ).toBe(200);

    const deleted = await owner.api(`/api/services/${item.id}`, { method: "DELETE" });
    expect(await deleted.json()).toMatchObject({ success: true });
    const after = await servicesOf(owner);
    expect(after.services).toEqual(["Coloring"]);
    expect(after.items[0]).toEqual({
      id: expect.any(String),
      service: "Coloring",
      duration_minutes: 60,
      buffer_minutes: 0,
      price: null,
    });
  });

  it("refuses empty, too long and duplicate names with the exact messages", async () => {
    const owner = await signedInOwner();
    for (const [service, detail] of [
      ["   ", "Please enter service name."],
      ["", "Please enter service name."],
      ["x".repeat(61), "Service name too long (max 60)."],
      ["x".repeat(10_000), "Service name too long (max 60)."],
    ] as const) {
      const res = await owner.api("/api/services", { method: "POST", json: { service } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, detail, message: detail });
    }
    expect((await owner.api("/api/services", { method: "POST", json: { service: "x".repeat(60) } })).status).toBe(201);

    await owner.api("/api/services", { method: "POST", json: { service: "Haircut" } });
    const dup = await owner.api("/api/services", { method: "POST", json: { service: " HAIRCUT" } });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({
      success: false,
      detail: 'Service "HAIRCUT" already exists.',
      code: "duplicate",
      key: "sync.err.duplicate",
      params: { name: "HAIRCUT" },
    });

    const other = await owner.api("/api/services", { method: "POST", json: { service: "Styling" } });
    const { item } = await other.json<{ item: { id: string } }>();
    const clash = await owner.api(`/api/services/${item.id}`, { method: "PATCH", json: { service: "haircut" } });
    expect(clash.status).toBe(409);
    const empty = await owner.api(`/api/services/${item.id}`, { method: "PATCH", json: { service: " " } });
    expect(await empty.json()).toMatchObject({ detail: "Please enter service name." });
    expect((await servicesOf(owner)).services).toEqual(["Haircut", "Styling", "x".repeat(60)]);
  });

  it("answers malformed bodies with a 4xx and a message, never a 500", async () => {
    const owner = await signedInOwner();
    const cases: [RequestInit & { json?: unknown }, number][] = [
      [{ method: "POST", body: "{oops", headers: { "Content-Type": "application/json" } }, 400],
      [{ method: "POST", json: { service: 42 } }, 400],
      [{ method: "POST", json: {} }, 400],
      [{ method: "POST", json: [] }, 400],
      [{ method: "POST", json: null }, 400],
      [{ method: "POST", body: "service=x", headers: { "Content-Type": "application/x-www-form-urlencoded" } }, 415],
      [{ method: "PUT", json: { service: "x" } }, 405],
    ];
    for (const [init, status] of cases) {
      const res = await owner.api("/api/services", init);
      expect(res.status).toBe(status);
      const body = await res.json<{ success: boolean; detail: string }>();
      expect(body.success).toBe(false);
      expect(body.detail.length).toBeGreaterThan(3);
    }
    const gone = await owner.api("/api/services/nope", { method: "PATCH", json: { service: "A" } });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({
      success: false,
      detail: "Service not found.",
      message: "Service not found.",
      code: "notFound",
    });
    expect((await owner.api("/api/services/nope", { method: "PATCH", json: { service: 1 } })).status).toBe(400);
    expect((await servicesOf(owner)).items).toEqual([]);
  });

  it("keeps each business's catalogue to itself", async () => {
    const owner = await signedInOwner();
    const intruder = await signedInOwner();
    const added = await owner.api("/api/services", { method: "POST", json: { service: "Haircut" } });
    const { item } = await added.json<{ item: { id: string } }>();
    // The same name is fine in another business.
    expect((await intruder.api("/api/services", { method: "POST", json: { service: "Haircut" } })).status).toBe(201);

    expect(
      (await intruder.api(`/api/services/${item.id}`, { method: "PATCH", json: { service: "Hacked" } })).status,
    ).toBe(404);
    expect((await intruder.api(`/api/services/${item.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await servicesOf(owner)).items).toEqual([
      { id: item.id, service: "Haircut", duration_minutes: 60, buffer_minutes: 0, price: null },
    ]);
    expect((await servicesOf(intruder)).items.map((i) => i.id)).not.toContain(item.id);
  });

  it("works with the session cookie too", async () => {
    const owner = await signedInOwner();
    const res = await SELF.fetch("http://localhost/api/services", {
      method: "POST",
      headers: { Cookie: owner.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ service: "Nails" }),
    });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare("SELECT name, name_key FROM services WHERE business_id = ?")
      .bind(owner.businessId)
      .first();
    expect(row).toEqual({ name: "Nails", name_key: "nails" });
  });
});
