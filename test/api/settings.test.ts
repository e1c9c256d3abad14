// GET/PATCH /api/settings and the Settings tab's actions.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { seedBooking, seedClient, seedRuleMessage } from "../support/seed";
import { call, callJson, latestCode, registeredUser, registration, row, uniqueEmail } from "../support/accounts";

describe("settings API", () => {
  it("reads the spec's fields plus timezone, send_time and message_retention_days", async () => {
    const owner = await registeredUser();
    const res = await callJson("/api/settings", undefined, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      success: true,
      settings: {
        name: "Noa Levi",
        email: owner.email,
        business_name: "Noa's Studio",
        phone: "0521234567",
        city: "Haifa",
        country: "IL",
        agree_terms: true,
        agree_updates: false,
        timezone: "Asia/Jerusalem",
        send_time: "10:00",
        message_retention_days: 180,
        // The WhatsApp message settings: the language registered in, a 20 s pause, quiet hours 21:00 to 08:00.
        message_language: "en",
        pause_between_messages: 20,
        quiet_hours_start: "21:00",
        quiet_hours_end: "08:00",
        // Live booking proposals (Settings switch): on for a new business.
        proposals_enabled: true,
        // Answer for me (test/api/drafts-auto.test.ts): off until the owner turns it on.
        auto_answer: false,
        // The salon's time: Israel's usual hours, a 15-minute grid, an hour's notice (test/api/salon-time.test.ts).
        working_hours: expect.any(Object),
        slot_step_minutes: 15,
        min_notice_minutes: 60,
        // Number safety: 50 business-started messages a day, not paused.
        daily_message_budget: 50,
        paused: false,
        // Prices are in the country's currency until one is chosen.
        currency: "ILS",
        // The booking link (test/api/booking-link.test.ts): off until a slug is saved, a slug suggested from the name.
        booking_slug: null,
        booking_page_enabled: false,
        booking_hold_minutes: 30,
        booking_owner_confirms: false,
        booking_slug_suggestion: expect.stringMatching(/^noas-studio(-\d+)?$/),
      },
    });
  });

  it("saves any subset of fields and answers the new settings", async () => {
    const owner = await registeredUser();
    const res = await callJson(
      "/api/settings",
      {
        name: " Noa Cohen ",
        business_name: "Studio N",
        city: "",
        country: "Germany",
        agree_updates: true,
        timezone: "Europe/Berlin",
        send_time: "09:30",
        email: owner.email,
      },
      { token: owner.token, method: "PATCH" },
    );
    expect(res.status).toBe(200);
    expect(res.data.settings).toMatchObject({
      name: "Noa Cohen",
      business_name: "Studio N",
      city: "",
      country: "DE",
      agree_updates: true,
      timezone: "Europe/Berlin",
      send_time: "09:30",
    });
    const again = await callJson("/api/settings", undefined, { token: owner.token });
    expect(again.data.settings).toEqual(res.data.settings);
    const profile = await callJson("/api/user/profile", undefined, { token: owner.token });
    expect(profile.data.data.name).toBe("Noa Cohen");
  });

  it("refuses bad values with the registration form's words and changes nothing", async () => {
    const owner = await registeredUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "someone.else@example.com" }, "The email address cannot be changed."],
      [{ name: "  " }, "Name must be filled"],
      [{ business_name: "" }, "Business name must be filled"],
      [{ country: "" }, "Country must be selected"],
      [{ country: "Atlantis" }, "Please choose a country from the list"],
      [{ phone: "" }, "Phone number must be filled"],
      [{ phone: "+972 52" }, "Phone number must contain only numbers"],
      [{ timezone: "Mars/Olympus" }, "Please choose a valid time zone"],
      [{ send_time: "25:00" }, "The daily send time must be a time such as 10:00."],
      [{ name: "x".repeat(201) }, "Name is too long (maximum 200 characters)"],
    ];
    for (const [body, message] of cases) {
      const res = await callJson("/api/settings", body, { token: owner.token, method: "PATCH" });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.data).toMatchObject({ success: false, detail: message });
    }
    for (const body of [
      "{not json",
      JSON.stringify({ name: 5 }),
      JSON.stringify({ agree_terms: "yes" }),
      JSON.stringify({ city: "x".repeat(10_000) }),
      "[1,2]",
    ]) {
      const res = await call("/api/settings", body, { token: owner.token, method: "PATCH" });
      expect(res.status, body).toBe(400);
    }
    const res = await callJson("/api/settings", undefined, { token: owner.token });
    expect(res.data.settings).toMatchObject({ name: "Noa Levi", timezone: "Asia/Jerusalem", email: owner.email });
  });

  it("needs a valid token, and other methods get 405", async () => {
    expect((await call("/api/settings")).status).toBe(401);
    expect((await call("/api/settings", { name: "x" }, { method: "PATCH" })).status).toBe(401);
    expect((await call("/api/settings", undefined, { token: "a.b.c" })).status).toBe(401);
    const owner = await registeredUser();
    expect((await call("/api/settings", { name: "x" }, { token: owner.token, method: "POST" })).status).toBe(405);
  });

  it("touches only the caller's own business", async () => {
    const a = await signedInOwner({ name: "A Salon" });
    const b = await signedInOwner({ name: "B Salon" });
    const res = await a.api("/api/settings", { method: "PATCH", json: { business_name: "A Renamed" } });
    expect(res.status).toBe(200);
    expect((await row("SELECT name FROM businesses WHERE id = ?", b.businessId))?.name).toBe("B Salon");
    expect((await row("SELECT name FROM businesses WHERE id = ?", a.businessId))?.name).toBe("A Renamed");
  });

  it("keeps pending rule messages with the business when its time zone changes", async () => {
    const owner = await signedInOwner();
    const clientId = await seedClient(owner.businessId);
    const bookingId = await seedBooking(owner.businessId, clientId);
    const { messageId } = await seedRuleMessage(owner.businessId, bookingId);
    const res = await owner.api("/api/settings", { method: "PATCH", json: { timezone: "America/New_York" } });
    expect(res.status).toBe(200);
    // Booking 2030-01-15, follow-up after 15 days at the daily send time (10:00), now in New York.
    expect(await row("SELECT send_date, send_at FROM scheduled_messages WHERE id = ?", messageId)).toEqual({
      send_date: "2030-01-30",
      send_at: Date.UTC(2030, 0, 30, 15, 0),
    });
    await owner.api("/api/settings", { method: "PATCH", json: { send_time: "09:00" } });
    expect((await row("SELECT send_at FROM scheduled_messages WHERE id = ?", messageId))?.send_at).toBe(
      Date.UTC(2030, 0, 30, 14, 0),
    );
  });
});

describe("Settings tab", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    SELF.fetch("http://localhost/dashboard/settings", {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("renders the profile read-only with Edit Profile, the time zone and the password form", async () => {
    const owner = await signedInOwner();
    const res = await owner.page("/dashboard/settings");
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of [
      "Account Settings",
      "Manage your personal and business information.",
      "Edit Profile",
      "Full Name",
      "Email Address",
      "Business Name",
      "Phone Number",
      "City",
      "Country",
      "I agree to the Terms and Conditions",
      "I agree to receive updates and notifications",
      "Change Password",
      "Current Password",
      "New Password",
      "Confirm New Password",
      "Time zone",
      "Asia/Jerusalem",
    ]) {
      expect(html, text).toContain(text.replace(/'/g, "&#x27;"));
    }
    expect(html).toMatch(/name="name"[^>]*readOnly|readOnly[^>]*name="name"/i);
  });

  it("saves the profile and changes the password through the tab's action", async () => {
    const owner = await registeredUser();
    const login = await SELF.fetch("http://localhost/login", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: owner.email, password: owner.password, intent: "login" }),
    });
    const cookie = login.headers.get("Set-Cookie")!.split(";")[0];
    const save = await post(cookie, {
      intent: "profile",
      name: "Noa B",
      business_name: "Nails",
      phone: "0501112222",
      city: "Eilat",
      country: "IL",
      agree_terms: "on",
      timezone: "Asia/Jerusalem",
      send_time: "08:15",
    });
    expect(save.status).toBe(200);
    expect((await callJson("/api/settings", undefined, { token: owner.token })).data.settings).toMatchObject({
      name: "Noa B",
      city: "Eilat",
      send_time: "08:15",
      agree_updates: false,
    });
    const bad = await post(cookie, {
      intent: "password",
      current_password: owner.password,
      new_password: "abcdef",
      confirm_password: "abcdeg",
    });
    expect(await bad.text()).toContain("New password and confirm password do not match");
    const ok = await post(cookie, {
      intent: "password",
      current_password: owner.password,
      new_password: "abcdef",
      confirm_password: "abcdef",
    });
    expect(ok.status).toBe(200);
    expect((await call("/api/auth/login", { email: owner.email, password: "abcdef" })).status).toBe(200);
    expect(
      (await SELF.fetch("http://localhost/dashboard", { headers: { Cookie: cookie }, redirect: "manual" })).status,
    ).toBe(200);
    expect((await call("/api/user/profile", undefined, { token: owner.token })).status).toBe(401);
  });
});

describe("settings API: WhatsApp message settings", () => {
  it("the message language is the language the owner registered in", async () => {
    const email = uniqueEmail("he");
    const reg = await callJson("/api/auth/register", registration(email), { cookie: "lang=he" });
    expect(reg.status).toBe(200);
    await callJson("/api/auth/verify", { email, token: await latestCode(email) });
    expect(
      await row(
        "SELECT b.message_lang FROM businesses b JOIN users u ON u.id = b.owner_user_id WHERE u.email = ?",
        email,
      ),
    ).toEqual({
      message_lang: "he",
    });
  });

  it("saves the language, the pause and quiet hours; refuses bad values with a 400 and changes nothing", async () => {
    const owner = await registeredUser();
    const saved = await callJson(
      "/api/settings",
      { message_language: "he", pause_between_messages: 10, quiet_hours_start: "22:00", quiet_hours_end: "07:30" },
      { token: owner.token, method: "PATCH" },
    );
    expect(saved.status).toBe(200);
    expect(saved.data.settings).toMatchObject({
      message_language: "he",
      pause_between_messages: 10,
      quiet_hours_start: "22:00",
      quiet_hours_end: "07:30",
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ message_language: "fr" }, "The message language must be English or Hebrew."],
      [{ pause_between_messages: 9 }, "The pause between messages must be a whole number of seconds from 10 to 120."],
      [{ pause_between_messages: 121 }, "The pause between messages must be a whole number of seconds from 10 to 120."],
      [{ pause_between_messages: 4.5 }, "The pause between messages must be a whole number of seconds from 10 to 120."],
      [{ quiet_hours_start: "9pm" }, "Quiet hours must be times such as 21:00."],
      [{ quiet_hours_end: "24:00", name: "Changed Name" }, "Quiet hours must be times such as 21:00."],
      [{ pause_between_messages: true }, "pause_between_messages"],
    ];
    for (const [body, message] of cases) {
      const res = await callJson("/api/settings", body, { token: owner.token, method: "PATCH" });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.data)).toContain(message);
    }
    const after = await callJson("/api/settings", undefined, { token: owner.token });
    expect(after.data.settings).toMatchObject({
      name: "Noa Levi",
      message_language: "he",
      pause_between_messages: 10,
      quiet_hours_start: "22:00",
      quiet_hours_end: "07:30",
    });
  });
});
