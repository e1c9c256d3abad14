// The Sync tab in Hebrew: every kind of message the server can send this
// screen shows up in Hebrew. The browser checks the Service name rule first,
// so the server's own refusals are reached the way a real owner meets them:
// without scripts (the form posts the page), or through values the screen
// accepts but the server refuses (a name another tab added meanwhile, a list
// at its limit, a contact that went away, a date out of range).
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { newScriptlessPage, screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";
import { watchToasts } from "./support/toasts";

// No WhatsApp gateway: a chat with nothing stored cannot be read.
const browserStack = useBrowserStack();
const { stack, newPage } = browserStack;

const ASK = "Hi! Can I come tomorrow at 5pm for a haircut?";

/** SQL for a WhatsApp contact as the webhook stores it, with its one message if given (no phone: a hidden-number chat). */
function contactSql(businessId: string, id: string, name: string, phone: string | null, message?: string): string {
  const chat = phone ? `${phone}@c.us` : `${id}@lid`;
  const at = Date.now() - 60_000;
  const contact = `INSERT INTO wa_contacts (id, business_id, chat_id, lid, phone, name, last_message_at)
    VALUES ('${id}', '${businessId}', '${chat}', ${phone ? "NULL" : `'${chat}'`}, ${phone ? `'${phone}'` : "NULL"}, '${name}', ${at});`;
  const sent = message
    ? `INSERT INTO wa_messages (id, business_id, provider_id, chat_id, from_me, body, timestamp)
    VALUES ('m-${id}', '${businessId}', 'p-${id}', '${chat}', 0, '${message}', ${at});`
    : "";
  return contact + sent;
}

describe("Sync tab in Hebrew", () => {
  it("shows every server message of the catalogue and the sync in Hebrew", async () => {
    // Every refusal here is provoked on purpose; the browser logs each answer it refused.
    const { page, errors } = await newPage(390, undefined, {
      expectedErrors: [/Failed to load resource: the server responded with a status of (400|404|409|422|502)/],
    });
    const toasts = await watchToasts(page);
    const app = stack.appUrl;
    const { businessId } = await signInAsNewOwner(page, app, {
      name: "Noa Levi",
      business: "Noa Hair",
      email: "noa.sync.he@example.com",
      password: "secret123",
    });
    await page.locator("form[action^='/language'] button[value='he']").click();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    stack.query(
      [
        contactSql(businessId, "c-maya", "Maya", "972541234567", ASK),
        contactSql(businessId, "c-hidden", "Hidden", null, ASK),
        contactSql(businessId, "c-offline", "Offline", "972529876543"),
        contactSql(businessId, "c-gone", "Gone", "972501111111", ASK),
      ].join(""),
    );

    // 1. The Service name rule on the server: without scripts the form posts the page itself.
    const plain = await newScriptlessPage(browserStack.browser, 390, await page.context().cookies());
    await plain.goto(`${app}/dashboard/sync`);
    expect(await plain.locator("html").getAttribute("dir")).toBe("rtl");
    const post = () =>
      Promise.all([plain.waitForNavigation(), plain.getByRole("button", { name: "הוספת שירות" }).click()]);
    await post();
    const plainName = plain.getByLabel("שם השירות");
    const errorId = await plainName.getAttribute("aria-describedby");
    expect(errorId).toBeTruthy();
    expect(await plain.locator(`[id="${errorId}"]`).textContent()).toBe("נא להזין שם שירות.");
    expect(await plainName.getAttribute("aria-invalid")).toBe("true");
    await plainName.fill("x".repeat(61));
    await post();
    expect(await plain.getByRole("alert").first().textContent()).toBe("שם השירות ארוך מדי (עד 60 תווים).");
    expect(stack.query(`SELECT count(*) AS n FROM services WHERE business_id = '${businessId}'`)).toEqual([{ n: 0 }]);
    await plain.context().close();

    // 2. Duplicate: another tab added the name after this screen loaded.
    await page.goto(`${app}/dashboard/sync`);
    await whenHydrated(page);
    expect((await page.request.post(`${app}/api/services`, { data: { service: "Haircut" } })).status()).toBe(201);
    const name = page.getByLabel("שם השירות");
    await name.fill("haircut");
    await page.getByRole("button", { name: "הוספת שירות" }).click();
    await toasts.said('השירות "haircut" כבר קיים.');
    const nameError = page.locator(`[id="${await name.getAttribute("aria-describedby")}"]`);
    expect(await nameError.textContent()).toBe('השירות "haircut" כבר קיים.');
    // The refused add still reloads the list: the other tab's service shows.
    await page.getByRole("button", { name: "Haircut", exact: true }).waitFor();
    await screenshot(page, "sync-he-duplicate-390");

    // 3. The catalogue at its limit (200 services).
    const values = Array.from({ length: 199 }, (_, i) => `('s${i}', '${businessId}', 'Extra ${i}', 'extra ${i}')`).join(
      ", ",
    );
    stack.query(`INSERT INTO services (id, business_id, name, name_key) VALUES ${values}`);
    await name.fill("Nails");
    await page.getByRole("button", { name: "הוספת שירות" }).click();
    await toasts.said("אפשר להגדיר עד 200 שירותים.");
    expect(await nameError.textContent()).toBe("אפשר להגדיר עד 200 שירותים.");
    stack.query(`DELETE FROM services WHERE business_id = '${businessId}' AND name LIKE 'Extra %'`);

    // 4. Renaming to a name another tab just took: the server's refusal under the chip's input.
    await page.goto(`${app}/dashboard/sync`);
    await whenHydrated(page);
    await page.getByRole("button", { name: "Haircut", exact: true }).focus();
    await page.getByRole("button", { name: "עריכת Haircut" }).click();
    expect((await page.request.post(`${app}/api/services`, { data: { service: "Styling" } })).status()).toBe(201);
    const edit = page.getByLabel("שם חדש לHaircut");
    await edit.fill("styling");
    await edit.press("Enter");
    await expect.poll(() => edit.getAttribute("aria-invalid")).toBe("true");
    const editErrorId = await edit.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${editErrorId}"]`).textContent()).toBe('השירות "styling" כבר קיים.');
    await edit.press("Escape");

    // 5. Start Sync after another tab removed every service.
    await page.getByRole("button", { name: "Styling", exact: true }).waitFor();
    for (const { id } of stack.query<{ id: string }>(`SELECT id FROM services WHERE business_id = '${businessId}'`)) {
      expect((await page.request.delete(`${app}/api/services/${id}`)).status()).toBe(200);
    }
    await page.getByRole("checkbox", { name: "בחירת Maya" }).check();
    await page.getByRole("button", { name: "התחלת סנכרון" }).click();
    await toasts.said("הוסיפו לפחות שירות אחד כדי להתחיל סנכרון.");

    // 6. A chat that cannot be read (nothing stored, no WhatsApp connection), and proposals for the others.
    expect((await page.request.post(`${app}/api/services`, { data: { service: "Haircut" } })).status()).toBe(201);
    await page.goto(`${app}/dashboard/sync`);
    await whenHydrated(page);
    await page.getByRole("checkbox", { name: "בחירת כל אנשי הקשר" }).check();
    await page.getByRole("button", { name: "התחלת סנכרון" }).click();
    await expect.poll(() => page.getByTestId("result-group").count(), { timeout: 30_000 }).toBe(4);
    const group = (who: string) =>
      page.getByTestId("result-group").filter({ has: page.getByRole("heading", { name: who, exact: true }) });
    expect(await group("Offline").getByText("לא הצלחנו לקרוא את ההודעות של איש הקשר הזה. נסו שוב.").count()).toBe(1);
    expect(await group("Maya").getByLabel("שירות").inputValue()).toBe("Haircut");

    // 7. Saving for a contact whose number WhatsApp hides.
    await group("Hidden").getByRole("button", { name: "שמירה" }).click();
    await toasts.said("וואטסאפ מסתיר את מספר הטלפון של איש הקשר הזה, ולכן אי אפשר לשמור עבורו את התור.");

    // 8. Saving for a contact that is gone meanwhile.
    stack.query("DELETE FROM wa_contacts WHERE id = 'c-gone'");
    await group("Gone").getByRole("button", { name: "שמירה" }).click();
    await toasts.said("השמירה עבור איש הקשר הזה נכשלה.");

    // 9. A date the screen accepts but the server refuses (out of the product's years), then the fixed save.
    const maya = group("Maya");
    const date = await maya.getByLabel("תאריך").inputValue();
    await maya.getByLabel("תאריך").fill("2300-01-01");
    await maya.getByRole("button", { name: "שמירה" }).click();
    await toasts.said("נא להשלים שירות, תאריך ושעה עבור איש הקשר הזה.");
    await maya.getByLabel("תאריך").fill(date);
    await maya.getByRole("button", { name: "שמירה" }).click();
    await toasts.said("נשמרו 1, דולגו 0 עבור Maya");
    expect(stack.query(`SELECT service, booking_date FROM bookings WHERE business_id = '${businessId}'`)).toEqual([
      { service: "Haircut", booking_date: date },
    ]);
    await screenshot(page, "sync-he-results-390");

    // The refusals above are HTTP 4xx answers, which the browser logs; nothing else may appear.
    expect(errors).toEqual([]);
  }, 300_000);
});
