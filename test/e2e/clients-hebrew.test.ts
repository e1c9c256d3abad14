// On Hebrew screens, every kind of message the Clients and Calendar tabs can
// get from the server reads in Hebrew: validation the server refuses, a phone
// another client has (on add and on edit), a client or booking deleted
// meanwhile, file and row problems of an import, and a bad list query typed
// into the address.
import type { Page, Route } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";

const { stack, newPage } = useBrowserStack();
let page: Page;
let errors: string[];
/** The browser's own alerts (the spec's save and delete failures), newest last. */
const alerts: string[] = [];

beforeAll(async () => {
  // The refusals this file provokes (400, 404, 409 answers, and the 400 pages of bad list queries) are logged by the
  // browser; anything else fails the test it happened in.
  ({ page, errors } = await newPage(390, undefined, {
    expectedErrors: [/the server responded with a status of 4\d\d/],
  }));
  await page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
  page.on("dialog", (d) => {
    if (d.type() === "confirm") return void d.accept();
    alerts.push(d.message());
    void d.dismiss();
  });
  await signInAsNewOwner(page, stack.appUrl, {
    name: "דנה לוי",
    business: "מספרת דנה",
    email: `he.clients.${Date.now()}@example.com`,
    password: "dana-pass-1",
  });
});

const dialog = () => page.getByRole("dialog");
const rows = () => page.getByTestId("client-row");
const cards = () => page.getByTestId("booking-card");
const lastAlert = async () => {
  await expect.poll(() => alerts.length).toBeGreaterThan(0);
  return alerts.at(-1);
};
const newAlert = async (before: number) => {
  await expect.poll(() => alerts.length).toBe(before + 1);
  return alerts.at(-1);
};

/**
 * Sends the screen's next form post with some fields changed on the way, past
 * the browser's own checks. Answers a function that stops listening.
 */
async function rewriteNextPost(path: string, changes: Record<string, string>) {
  let done = false;
  const matcher = (url: URL) => url.pathname === `${path}.data`;
  const handler = async (route: Route) => {
    const request = route.request();
    if (done || request.method() !== "POST") return route.continue();
    done = true;
    const body = new URLSearchParams(request.postData() ?? "");
    for (const [k, v] of Object.entries(changes)) body.set(k, v);
    await route.continue({ postData: body.toString() });
  };
  await page.route(matcher, handler);
  return () => page.unroute(matcher, handler);
}

/** A request from the page itself (same origin, the owner's cookie), as another tab would make it. */
const fromPage = <T>(path: string, method = "GET") =>
  page.evaluate(async ([p, m]) => (await fetch(p, { method: m })).json(), [path, method] as const) as Promise<T>;

async function addClient(name: string, phone: string) {
  await page.getByRole("button", { name: "הוספת לקוח" }).click();
  await dialog().getByLabel("שם").fill(name);
  await dialog().getByLabel("טלפון").fill(phone);
  await dialog().getByRole("button", { name: "שמירה" }).click();
}

describe("Hebrew screens show every server message in Hebrew", () => {
  it("Add Client and the inline edit: the form's checks, the server's, and a phone another client has", async () => {
    await page.goto(`${stack.appUrl}/dashboard/clients`);
    await whenHydrated(page);

    // The form's own checks, in the spec's order, under their fields.
    await page.getByRole("button", { name: "הוספת לקוח" }).click();
    await dialog().getByRole("button", { name: "שמירה" }).click();
    await expect.poll(() => dialog().getByRole("alert").textContent()).toBe("חובה למלא שם");
    expect(await dialog().getByLabel("שם").getAttribute("aria-invalid")).toBe("true");
    await dialog().getByLabel("שם").fill("נועה כהן");
    await dialog().getByLabel("טלפון").fill("12ab");
    await expect
      .poll(() => dialog().getByRole("alert").textContent())
      .toBe("הטלפון חייב להכיל ספרות (אפשר להתחיל ב-+)");
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });

    await addClient("נועה כהן", "054-123-4567");
    await dialog().waitFor({ state: "detached" });
    await addClient("דנה לוי", "050-765-4321");
    await dialog().waitFor({ state: "detached" });
    await expect.poll(() => rows().count()).toBe(2);

    // The same person typed another way: the server's 409, under the phone it is about.
    await addClient("נועה שוב", "+972 54 123 4567");
    const phone = dialog().getByLabel("טלפון");
    await expect.poll(() => dialog().getByRole("alert").textContent()).toBe("כבר קיים לקוח עם מספר הטלפון הזה.");
    expect(await phone.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await phone.getAttribute("aria-describedby"))!;
    expect(await page.locator(`[id="${describedBy.split(" ")[0]}"]`).textContent()).toBe(
      "כבר קיים לקוח עם מספר הטלפון הזה.",
    );
    await screenshot(page, "clients-duplicate-he-390");
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });

    // A name the browser accepted but the server did not receive: the server's own check.
    const stop = await rewriteNextPost("/dashboard/clients", { name: "  " });
    await addClient("זמני", "052-000-1111");
    await expect.poll(() => dialog().getByRole("alert").textContent()).toBe("חובה למלא שם");
    await stop();
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });
    expect(await rows().count()).toBe(2);

    // The inline edit: another client's phone gives the spec's alert, and the field says it too.
    const dana = rows().first();
    // The newest client is already open.
    const head = dana.locator(".client-head");
    if ((await head.getAttribute("aria-expanded")) !== "true") await head.click();
    await dana.getByRole("button", { name: "עריכה" }).click();
    await dana.getByLabel("טלפון").fill("0541234567");
    const before = alerts.length;
    await dana.getByRole("button", { name: "שמירה" }).click();
    expect(await newAlert(before)).toBe("כבר קיים לקוח עם מספר הטלפון הזה.");
    await expect.poll(() => dana.getByRole("alert").textContent()).toBe("כבר קיים לקוח עם מספר הטלפון הזה.");
    // An empty name, checked in the row.
    await dana.getByLabel("שם").fill("");
    await expect.poll(() => dana.locator(".field-error").allTextContents()).toContain("חובה למלא שם");
    await screenshot(page, "clients-edit-problems-he-390");
    await dana.getByRole("button", { name: "ביטול" }).click();
  });

  it("a client deleted meanwhile (in another tab) is not found", async () => {
    const { clients } = await fromPage<{ clients: { id: string; name: string }[] }>(
      "/api/clients?q=%D7%93%D7%A0%D7%94",
    );
    expect(clients.map((c) => c.name)).toEqual(["דנה לוי"]);
    await fromPage(`/api/clients/${clients[0].id}`, "DELETE");
    const dana = rows().first();
    const before = alerts.length;
    await dana.getByRole("button", { name: "מחיקה" }).click();
    expect(await newAlert(before)).toBe("הלקוח לא נמצא.");
  });

  it("Add Booking: a time the server refuses, then a booking whose client was deleted meanwhile", async () => {
    await page.goto(`${stack.appUrl}/dashboard/calendar`);
    await whenHydrated(page);
    await page.getByRole("button", { name: "הוספת תור" }).click();
    await dialog().getByLabel("שם").fill("מאיה כץ");
    await dialog().getByLabel("טלפון").fill("052-555-1234");
    await dialog().getByLabel("שירות").fill("תספורת");
    await dialog().getByLabel("שעה").fill("10:00");
    const stop = await rewriteNextPost("/dashboard/calendar", { booking_time: "25:00" });
    let before = alerts.length;
    await dialog().getByRole("button", { name: "שמירה" }).click();
    expect(await newAlert(before)).toBe("השעה חייבת להיות בתבנית HH:MM (24 שעות).");
    await stop();
    await expect.poll(() => dialog().getByRole("alert").textContent()).toBe("השעה חייבת להיות בתבנית HH:MM (24 שעות).");
    await screenshot(page, "bookings-server-time-he-390");
    await dialog().getByRole("button", { name: "שמירה" }).click();
    await dialog().waitFor({ state: "detached" });
    await expect.poll(() => cards().count()).toBe(1);

    const { clients } = await fromPage<{ clients: { id: string }[] }>("/api/clients?q=0525551234");
    await fromPage(`/api/clients/${clients[0].id}`, "DELETE");
    const card = cards().first();
    before = alerts.length;
    await card.getByLabel("שינוי סטטוס").selectOption("completed");
    expect(await newAlert(before)).toBe("התור לא נמצא.");
    await card.getByRole("button", { name: "עריכה" }).click();
    await card.getByLabel("שירות").fill("צבע");
    before = alerts.length;
    await card.getByRole("button", { name: "שמירה" }).click();
    expect(await newAlert(before)).toBe("התור לא נמצא.");
    await card.getByRole("button", { name: "ביטול" }).click();
    before = alerts.length;
    await card.getByRole("button", { name: "מחיקה" }).click();
    expect(await newAlert(before)).toBe("התור לא נמצא.");
    expect(await lastAlert()).not.toMatch(/[A-Za-z]/);
  });

  it("Import: the file's problems and each row's, with its number", async () => {
    await page.goto(`${stack.appUrl}/dashboard/clients`);
    await whenHydrated(page);
    await page.getByRole("button", { name: "ייבוא", exact: true }).click();
    const file = dialog().locator("input[type=file]");
    const problem = dialog().getByRole("alert");
    const choose = (name: string, mimeType: string, content: string | Buffer) =>
      file.setInputFiles({ name, mimeType, buffer: typeof content === "string" ? Buffer.from(content) : content });

    await choose("empty.csv", "text/csv", "\n");
    await expect.poll(() => problem.textContent()).toBe("אין אנשי קשר בקובץ.");
    await choose("contacts.json", "application/json", "{}");
    await expect.poll(() => problem.textContent()).toBe("יש לשלוח קובץ CSV (text/csv) או vCard (text/vcard).");
    await choose("huge.csv", "text/csv", Buffer.alloc(2 * 1024 * 1024 + 10, "a"));
    await expect
      .poll(() => problem.textContent())
      .toBe("הקובץ גדול מ-2 MB (בלי תמונות אנשי הקשר). פצלו אותו לחלקים וייבאו כל חלק.");

    const listed = dialog().getByTestId("import-errors");
    await choose("sizes.csv", "text/csv", "colour,size\nred,L\n");
    await expect
      .poll(() => listed.textContent())
      .toBe(
        'שורה 1: בקובץ אין עמודות שם וטלפון (בשורה הראשונה: \u2068"colour", "size"\u2069). השתמשו בכותרות כמו "שם" ו"טלפון" (או "name" ו-"phone").',
      );
    await choose("broken.vcf", "text/vcard", "BEGIN:VCARD\r\nVERSION:3.0\r\nNOCOLON\r\nEND:VCARD\r\n");
    await expect.poll(() => listed.textContent()).toBe("כרטיס 1: אין שם (ריק ב-\u2068FN, N\u2069).");

    const csv = `שם,טלפון\nמיכל,052-123-9999\n,052-123-9998\nבלי טלפון,\nטלפון שבור,abc\n${"א".repeat(201)},052-123-9997\n`;
    await choose("clients.csv", "text/csv", csv);
    await expect
      .poll(() => listed.locator("li").allTextContents())
      .toEqual([
        'שורה 3: אין שם (ריק ב-\u2068"שם"\u2069).',
        'שורה 4: אין מספר טלפון (ריק ב-\u2068"טלפון"\u2069).',
        'שורה 5: "\u2068abc\u2069" ב-"\u2068טלפון\u2069" אינו מספר טלפון: צריך ספרות, ואפשר + בהתחלה.',
        "שורה 6: השם ארוך מדי (עד 200 תווים).",
      ]);
    await screenshot(page, "import-row-problems-he-390");
    await page.keyboard.press("Escape");
  });

  it("a bad list query typed into the address", async () => {
    const shown = async (path: string) => {
      const res = await page.goto(`${stack.appUrl}${path}`);
      expect(res?.status(), path).toBe(400);
      // What failed, then why, with Try again; the tabs stay.
      expect(await page.getByRole("navigation", { name: "אזורים" }).count()).toBe(1);
      expect(await page.getByTestId("tab-error").getByRole("button", { name: "לנסות שוב" }).count()).toBe(1);
      return (await page.getByRole("alert").locator("p").allTextContents()).join(" | ");
    };
    const clientsFailed = "טעינת הנתונים נכשלה | ";
    expect(await shown("/dashboard/clients?from=nope")).toBe(
      clientsFailed + "השדה from חייב להיות תאריך בתבנית YYYY-MM-DD.",
    );
    expect(await shown("/dashboard/clients?cursor=%25%25")).toBe(clientsFailed + "הסמן (cursor) אינו תקין.");
    expect(await shown(`/dashboard/clients?q=${"x".repeat(101)}`)).toBe(
      clientsFailed + "טקסט החיפוש ארוך מדי (עד 100 תווים).",
    );
    const bookingsFailed = "טעינת התורים נכשלה | ";
    expect(await shown("/dashboard/calendar?limit=0")).toBe(
      bookingsFailed + "שגיאה: limit חייב להיות מספר שלם בין 1 ל-500.",
    );
    expect(await shown("/dashboard/calendar?from=2030-02-01&to=2030-01-01")).toBe(
      bookingsFailed + "שגיאה: תאריך ההתחלה (from) לא יכול להיות אחרי תאריך הסיום (to).",
    );
    expect(await shown("/dashboard/calendar?start=2030-01-01&end=2030-12-31")).toBe(
      bookingsFailed + "שגיאה: טווח לוח השנה יכול להשתרע על 62 ימים לכל היותר.",
    );
    expect(await shown("/dashboard/calendar?start=2030-03-02&end=2030-03-01")).toBe(
      bookingsFailed + "שגיאה: end חייב להיות אחרי start.",
    );
    await screenshot(page, "calendar-bad-query-he-390");
    // The calendar's own range call, opened as a page, says where to go.
    await page.goto(`${stack.appUrl}/dashboard/calendar?start=2030-03-01&end=2030-03-08`);
    expect(await page.getByRole("alert").textContent()).toBe("שגיאה: פתחו את לשונית היומן מסרגל הלשוניות.");
    expect(errors).toEqual([]);
  });
});
