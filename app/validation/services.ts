// A service's time and price: how long it takes, the time kept free after it,
// and its price in the business's currency. The catalogue API, the catalogue
// form and the bookings' own duration share these fields. Client-safe.
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import type { MessageKey } from "~/i18n";
import { isCurrencyCode } from "~/services/catalogue/money";
import { says } from "./parse";
import { serviceName } from "./sync";

export const SERVICE_TIME = {
  duration: { min: 5, max: 480, default: 60 },
  buffer: { min: 0, max: 120, default: 0 },
} as const;
export const PRICE_MAX = 1_000_000;

/** A number, or its digits as a form sends them. */
const numberish = (key: MessageKey) =>
  z.union(
    [
      z.number(says(key)),
      z
        .string(says(key))
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, says(key))
        .transform(Number),
    ],
    says(key),
  );

/** Whole minutes from min to max. */
export const minutes = (min: number, max: number, key: MessageKey) =>
  numberish(key).refine((n) => Number.isInteger(n) && n >= min && n <= max, { ...says(key), params: { min, max } });

export const durationMinutes = minutes(SERVICE_TIME.duration.min, SERVICE_TIME.duration.max, "timebook.err.duration");
export const bufferMinutes = minutes(SERVICE_TIME.buffer.min, SERVICE_TIME.buffer.max, "timebook.err.buffer");

/** A decimal amount with at most two decimals, 0 to PRICE_MAX; null or "" (a form's empty field) is no price. */
export const price = z.union(
  [
    z.null(),
    z.literal("").transform(() => null),
    numberish("timebook.err.price").refine(
      (n) => n >= 0 && n <= PRICE_MAX && Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
      {
        ...says("timebook.err.price"),
        params: { max: PRICE_MAX },
      },
    ),
  ],
  says("timebook.err.price"),
);

const details = {
  duration_minutes: durationMinutes.optional(),
  buffer_minutes: bufferMinutes.optional(),
  price: price.optional(),
};
export type ServiceDetails = { duration_minutes?: number; buffer_minutes?: number; price?: number | null };

/** POST /api/services: the spec's `service` plus its time and price (defaults: 60 minutes, no buffer, no price). */
export const NewServiceBody = z.object({ service: z.string().pipe(serviceName), ...details });

/** PATCH /api/services/{id}: any of them; omitted fields keep their values. */
export const ServicePatchBody = z
  .object({ service: z.string().pipe(serviceName).optional(), ...details })
  .refine((v) => Object.values(v).some((x) => x !== undefined), says("timebook.err.servicePatchEmpty"));

/** The catalogue's service form (add and edit share it; id empty when adding). */
export const ServiceForm = z.object({
  id: z.string().max(200).optional(),
  service: serviceName,
  duration_minutes: durationMinutes,
  buffer_minutes: bufferMinutes.optional().transform((n) => n ?? 0),
  price: price.optional().transform((p) => p ?? null),
});

/** `currency` in PATCH /api/settings: an ISO 4217 code; "" goes back to the country's. */
export const currency = z
  .string(says("timebook.err.currency"))
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => code === "" || isCurrencyCode(code), says("timebook.err.currency"));
export const CurrencyPatch = z.object({ currency: currency.optional() });
