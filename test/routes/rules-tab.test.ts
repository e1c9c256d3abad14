import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { seedBooking, seedClient } from "../support/seed";

/** The screen's own posts: a form with an intent (lists as repeated fields), as the tab's fetchers send it. */
const form = (fields: [string, string][]) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});
const rule = (bookingIds: string[], extra: [string, string][] = []): [string, string][] => [
  ["intent", "create"],
  ["type", "followup"],
  ["services", "Haircut"],
  ["template", "Hi {name}"],
  ["schedule_type", "preset"],
  ["schedule_value", "15"],
  ["customDate", ""],
  ["customTime", ""],
  ["ask_confirmation", "false"],
  ...bookingIds.map((id): [string, string] => ["booking_id", id]),
  ...extra,
];
const count = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n;

describe("Rules tab (server render)", () => {
  it("shows the title, the add button and the empty state", async () => {
    const owner = await signedInOwner();
    const html = await (await owner.page("/dashboard/rules")).text();
    expect(html).toContain("List of Rules");
    expect(html).toContain("Add new rule");
    expect(html).toContain("No rules created yet");
  });

  it("shows a card per rule group with services, type, status, client count and schedule; only the owner's", async () => {
    const owner = await signedInOwner();
    const a = await seedBooking(owner.businessId, await seedClient(owner.businessId, { name: "Noa" }), {
      service: "Haircut",
    });
    const b = await seedBooking(owner.businessId, await seedClient(owner.businessId, { name: "Avi" }), {
      service: "Coloring",
    });
    const res = await owner.api("/api/rules/create", {
      method: "POST",
      json: {
        type: "reminder",
        services: ["Haircut", "Coloring"],
        template: "Hi {name}",
        schedule_type: "preset",
        schedule_value: "2",
        clients: [{ booking_id: a }, { booking_id: b }],
      },
    });
    expect(res.status).toBe(201);
    const html = await (await owner.page("/dashboard/rules")).text();
    expect(html).toContain("Haircut, Coloring");
    expect(html).toContain("Reminder");
    expect(html).toMatch(/class="badge badge-amber">Scheduled</);
    expect(html).toContain("2 clients");
    expect(html).toContain("2 days before appointment");

    const other = await signedInOwner();
    const theirs = await (await other.page("/dashboard/rules")).text();
    expect(theirs).not.toContain("Haircut, Coloring");
    expect(theirs).toContain("No rules created yet");
  });

  it("speaks Hebrew when chosen", async () => {
    const owner = await signedInOwner();
    const res = await SELF.fetch("http://localhost/dashboard/rules", {
      headers: { Cookie: `${owner.cookie}; lang=he` },
    });
    const html = await res.text();
    expect(html).toContain("רשימת כללים");
    expect(html).toContain("עדיין לא נוצרו כללים");
  });

  it("creates and deletes through its own action; refusals answer the problem as a key for the page to translate", async () => {
    const owner = await signedInOwner();
    const noa = await seedBooking(owner.businessId, await seedClient(owner.businessId, { name: "Noa" }), {
      service: "Haircut",
    });
    const other = await signedInOwner();
    const theirs = await seedBooking(other.businessId, await seedClient(other.businessId, { name: "Theirs" }));

    const created = await owner.page("/dashboard/rules", form(rule([noa])));
    expect(created.status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM rules WHERE business_id = ?", owner.businessId)).toBe(1);
    const row = await env.DB.prepare("SELECT group_id, ask_confirmation FROM rules WHERE business_id = ?")
      .bind(owner.businessId)
      .first<{ group_id: string; ask_confirmation: number }>();
    expect(row?.ask_confirmation).toBe(0);

    const refusals: [[string, string][], number, string][] = [
      [rule([noa]).filter(([k]) => k !== "services"), 400, "rules.err.servicesRequired"],
      [
        rule([noa], [["schedule_type", "custom"]]).map(([k, v]) => [
          k,
          k === "schedule_type" ? "custom" : k === "customDate" ? "2020-01-01" : k === "customTime" ? "10:00" : v,
        ]),
        400,
        "rules.err.customPast",
      ],
      [rule([theirs]), 404, "rules.err.bookingNotFound"],
      [[["intent", "archive"]], 400, "problem.unknownAction"],
    ];
    for (const [fields, status, key] of refusals) {
      const res = await owner.page("/dashboard/rules", form(fields));
      expect(res.status, key).toBe(status);
      expect(await res.text(), key).toContain(key);
    }
    expect(await count("SELECT count(*) AS n FROM rules WHERE business_id = ?", owner.businessId)).toBe(1);

    expect(
      (
        await other.page(
          "/dashboard/rules",
          form([
            ["intent", "delete"],
            ["rule_group_id", row!.group_id],
          ]),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await owner.page(
          "/dashboard/rules",
          form([
            ["intent", "delete"],
            ["rule_group_id", row!.group_id],
          ]),
        )
      ).status,
    ).toBe(200);
    const again = await owner.page(
      "/dashboard/rules",
      form([
        ["intent", "delete"],
        ["rule_group_id", row!.group_id],
      ]),
    );
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("rules.err.notFound");
    expect(await count("SELECT count(*) AS n FROM rules WHERE business_id = ?", owner.businessId)).toBe(0);
  });

  it("answers a signed-out post with the spec's 'Please login again', and narrows the wizard's clients by ?service=", async () => {
    // The fetcher's request (the page itself would then load and send a signed-out reader to the login page).
    const signedOut = await SELF.fetch("http://localhost/dashboard/rules.data", {
      ...form(rule(["x"])),
      redirect: "manual",
    });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toContain("rules.toast.login");

    const owner = await signedInOwner();
    await seedBooking(owner.businessId, await seedClient(owner.businessId, { name: "Noa Haircut" }), {
      service: "Haircut",
    });
    await seedBooking(owner.businessId, await seedClient(owner.businessId, { name: "Avi Coloring" }), {
      service: "Coloring",
    });
    const all = await (await owner.page("/dashboard/rules")).text();
    expect(all).toContain("Noa Haircut");
    expect(all).toContain("Avi Coloring");
    const haircut = await (await owner.page("/dashboard/rules?service=haircut")).text();
    expect(haircut).toContain("Noa Haircut");
    expect(haircut).not.toContain("Avi Coloring");
  });
});
