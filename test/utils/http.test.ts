import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readJson } from "../../app/utils/http.server";

const Body = z.object({ name: z.string().max(10) });
const req = (body: string, type = "application/json") =>
  new Request("http://localhost/x", { method: "POST", body, headers: { "Content-Type": type } });

async function failure(request: Request) {
  try {
    await readJson(request, Body);
  } catch (e) {
    const res = e as Response;
    return { status: res.status, body: await res.json() };
  }
  throw new Error("expected a failure");
}

describe("readJson", () => {
  it("tells a missing field from a field of the wrong type", async () => {
    expect(await failure(req("{}"))).toMatchObject({
      status: 400,
      body: { success: false, detail: "name is required." },
    });
    expect(await failure(req('{"name": 5}'))).toMatchObject({
      status: 400,
      body: { detail: "name has the wrong type." },
    });
    expect(await failure(req('{"name": "far too long a name"}'))).toMatchObject({
      status: 400,
      body: { detail: "name is too long." },
    });
  });

  it("answers malformed JSON, other content types and huge bodies with a 4xx", async () => {
    expect(await failure(req("{nope"))).toMatchObject({
      status: 400,
      body: { detail: "The request body is not valid JSON." },
    });
    expect((await failure(req("name=x", "application/x-www-form-urlencoded"))).status).toBe(415);
    expect((await failure(req(JSON.stringify({ name: "x".repeat(100_000) })))).status).toBe(413);
  });

  it("returns the parsed body", async () => {
    expect(await readJson(req('{"name": "Noa"}'), Body)).toEqual({ name: "Noa" });
  });
});
