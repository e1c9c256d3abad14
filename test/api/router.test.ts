// The JSON API's own router (app/api/router.server.ts): what a client sees for
// paths and methods no endpoint answers, HEAD, odd path spellings, and a
// handler that fails.
import { SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { signedInOwner } from "../support/auth";
import { apiRouter } from "../../app/api/router.server";

const env = {} as Env;
const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;

describe("the API router", () => {
  it("answers a path no endpoint has with a JSON 404, not a page", async () => {
    for (const path of ["/api", "/api/no-such", "/api/clients/x/y/z", "/api/export/all.csv"]) {
      const res = await SELF.fetch(`http://localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Content-Type"), path).toContain("application/json");
      expect(await res.json(), path).toMatchObject({ success: false, detail: "Not found" });
    }
  });

  it("answers a method an endpoint has no handler for with 405", async () => {
    const res = await SELF.fetch("http://localhost/api/export/clients.csv", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("reads a client by an id with escapes and with a trailing slash", async () => {
    const owner = await signedInOwner();
    const added = (await (
      await owner.api("/api/clients", { method: "POST", json: { name: "Dana Levi", phone: "0541234567" } })
    ).json()) as {
      client: { id: string };
    };
    const id = added.client.id;
    const escaped = [...id].map((c) => `%${c.charCodeAt(0).toString(16)}`).join("");
    for (const path of [`/api/clients/${escaped}`, `/api/clients/${id}/`]) {
      const res = await owner.api(path);
      expect(res.status, path).toBe(200);
      expect(((await res.json()) as { client: { name: string } }).client.name, path).toBe("Dana Levi");
    }
    // A malformed escape names no client: 404, not a server error.
    expect((await owner.api("/api/clients/%E0%A4%A")).status).toBe(404);
  });

  it("answers HEAD like GET, without a body", async () => {
    const owner = await signedInOwner();
    const res = await owner.api("/api/clients", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("prefers a fixed segment to a :name one at the same place", async () => {
    const handle = apiRouter({
      "/api/:id/start": { action: () => new Response("by id") },
      "/api/sessions/start": { action: () => new Response("fixed") },
      "/api/sessions/:id": { action: ({ params }) => new Response(`session ${params.id}`) },
    });
    const post = async (path: string) =>
      (await handle(new Request(`http://localhost${path}`, { method: "POST" }), env, ctx)).text();
    expect(await post("/api/sessions/start")).toBe("fixed");
    expect(await post("/api/other/start")).toBe("by id");
    expect(await post("/api/sessions/a%20b")).toBe("session a b");
  });

  it("answers a thrown Response as it is and anything else as a 500 without internals", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const handle = apiRouter({
      "/api/teapot": { loader: () => Promise.reject(new Response("short and stout", { status: 418 })) },
      "/api/broken": {
        loader: () => {
          throw new Error("secret table name");
        },
      },
    });
    const teapot = await handle(new Request("http://localhost/api/teapot"), env, ctx);
    expect(teapot.status).toBe(418);
    expect(await teapot.text()).toBe("short and stout");
    const broken = await handle(new Request("http://localhost/api/broken"), env, ctx);
    expect(broken.status).toBe(500);
    const text = await broken.text();
    expect(text).not.toContain("secret");
    expect(JSON.parse(text)).toMatchObject({ success: false });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
