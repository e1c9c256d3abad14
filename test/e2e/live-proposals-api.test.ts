// Live proposals with `npm run dev`'s parts and no browser: wrangler dev (the
// Worker, its Durable Object and D1) beside the WhatsApp simulator. A customer
// writes, the owner answers on the phone, and within seconds GET /api/proposals
// lists the booking; accept books it; a dismissed one does not come back when
// the chat is read again.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { attachStack, type Stack } from "./support/stack";

let stack: Omit<Stack, "stop">;
beforeAll(() => {
  stack = attachStack(inject("e2eStack"));
});

const ZONE = "Asia/Jerusalem";
const ASK = "Hi! Can I come tomorrow at 5pm for a haircut?";
const REPLY = "Sure, see you tomorrow at 17:00";
const MAYA = "972541234567";
const NOA = "972529876543";

/** The date `days` from now in the business's zone. */
function dateIn(days: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    Date.now() + days * 86_400_000,
  );
}

type Proposal = {
  id: string;
  client_name: string;
  client_phone: string;
  service: string;
  date: string;
  time: string;
  quote: string;
};

async function call<T = unknown>(
  path: string,
  init: { method?: string; json?: unknown; token?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { Origin: stack.appUrl };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(stack.appUrl + path, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const body = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body as T;
}

async function signedUpOwner() {
  const email = "dana.live@example.com";
  const password = "live-pass-12345";
  await call("/api/auth/register", {
    json: {
      email,
      password,
      name: "Dana Levi",
      business_name: "Dana Hair",
      phone: "0501234567",
      city: "Haifa",
      country: "IL",
      agree_terms: true,
      timezone: ZONE,
    },
  });
  const [mail] = (await call(`/__dev/outbox?to=${encodeURIComponent(email)}`)) as { text: string }[];
  const code = /\b(\d{6})\b/.exec(mail.text)![1];
  await call("/api/auth/verify", { json: { email, token: code } });
  const login = await call<{ token: string; user: { user_metadata: { business_id: string } } }>("/api/auth/login", {
    json: { email, password },
  });
  return { token: login.token, businessId: login.user.user_metadata.business_id };
}

describe("live proposals", () => {
  it(
    "customer asks, owner answers on the phone: proposed within seconds; accept books it; dismissed stays away",
    { timeout: 300_000 },
    async () => {
      const { token, businessId } = await signedUpOwner();
      for (const service of ["Haircut", "Coloring"]) await call("/api/services", { token, json: { service } });
      const proposals = async () => ((await call("/api/proposals", { token })) as { proposals: Proposal[] }).proposals;

      const gateway = () => stack.simStatus(businessId);
      await call("/api/sessions", { token, json: { name: businessId } });
      await expect.poll(gateway, { timeout: 20_000 }).toBe("SCAN_QR_CODE");
      await stack.sim(`${businessId}/scan`, { phone: "972501112233", pushName: "Dana Hair" });
      await expect.poll(gateway, { timeout: 20_000 }).toBe("WORKING");

      // The done-when: the customer writes, the owner replies on the phone.
      await stack.sim(`${businessId}/incoming`, { from: MAYA, name: "Maya Azulay", body: ASK });
      await stack.sim(`${businessId}/reply`, { to: MAYA, body: REPLY });
      const replied = Date.now();
      await expect.poll(proposals, { timeout: 15_000, interval: 500 }).toHaveLength(1);
      const took = Date.now() - replied;
      const [maya] = await proposals();
      expect(maya).toMatchObject({
        client_name: "Maya Azulay",
        client_phone: MAYA,
        service: "Haircut",
        date: dateIn(1),
        time: "17:00",
      });
      // The quote is the chat message the booking was read from (the offline extractor quotes the one that settled the time).
      expect([ASK, REPLY]).toContain(maya.quote);
      expect(took).toBeLessThan(15_000);

      // Accept: the booking is made.
      const accepted = await call<{ booking_id: string }>(`/api/proposals/${maya.id}/accept`, { token, json: {} });
      const { bookings } = (await call("/api/bookings", { token })) as {
        bookings: { id: string; client_name: string; service: string; booking_date: string; booking_time: string }[];
      };
      expect(bookings).toHaveLength(1);
      expect(bookings[0]).toMatchObject({
        id: accepted.booking_id,
        client_name: "Maya Azulay",
        service: "Haircut",
        booking_date: dateIn(1),
      });
      expect(bookings[0].booking_time.slice(0, 5)).toBe("17:00");
      expect(await proposals()).toEqual([]);

      // Another customer's proposal, dismissed.
      await stack.sim(`${businessId}/incoming`, { from: NOA, name: "Noa Cohen", body: ASK });
      await stack.sim(`${businessId}/reply`, { to: NOA, body: REPLY });
      await expect.poll(proposals, { timeout: 15_000, interval: 500 }).toHaveLength(1);
      const [noa] = await proposals();
      expect(noa).toMatchObject({ client_name: "Noa Cohen", service: "Haircut", time: "17:00" });
      await call(`/api/proposals/${noa.id}/dismiss`, { token, json: {} });
      expect(await proposals()).toEqual([]);

      // The chat goes on and is read again (at most once a minute): the new booking is
      // proposed, the dismissed one is not back.
      await stack.sim(`${businessId}/incoming`, {
        from: NOA,
        name: "Noa Cohen",
        body: "And can I book a coloring the day after tomorrow at 10am?",
      });
      await stack.sim(`${businessId}/reply`, {
        to: NOA,
        body: "Yes, coloring the day after tomorrow at 10:00 is fine",
      });
      await expect.poll(proposals, { timeout: 100_000, interval: 1000 }).toHaveLength(1);
      expect(await proposals()).toEqual([
        expect.objectContaining({ client_name: "Noa Cohen", service: "Coloring", date: dateIn(2), time: "10:00" }),
      ]);
      // Nothing more arrives once the chat has been read.
      await new Promise((r) => setTimeout(r, 3000));
      expect((await proposals()).map((p) => p.service)).toEqual(["Coloring"]);
    },
  );
});
