// The Settings switches and a browser's push subscription (PushSubscription
// toJSON(): endpoint, keys.p256dh, keys.auth, sent flat by the screen).
import { z } from "zod";
import { says } from "./parse";

const B64URL = /^[A-Za-z0-9_-]+$/;

function decodedLength(text: string): number {
  return Math.floor((text.length * 3) / 4);
}

const endpoint = z
  .string(says("push.err.subscription"))
  .trim()
  .min(1, says("push.err.subscription"))
  .max(2048, says("push.err.subscription"))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, says("push.err.subscription"));

/** The browser's P-256 public key: 65 bytes (uncompressed point, 0x04 first), base64url without padding. */
const p256dh = z
  .string(says("push.err.subscription"))
  .trim()
  .transform((v) => v.replace(/=+$/, ""))
  .refine(
    (v) => B64URL.test(v) && v.length === 87 && decodedLength(v) === 65 && v.startsWith("B"),
    says("push.err.subscription"),
  );

/** The 16-byte auth secret, base64url. */
const auth = z
  .string(says("push.err.subscription"))
  .trim()
  .transform((v) => v.replace(/=+$/, ""))
  .refine((v) => B64URL.test(v) && v.length === 22, says("push.err.subscription"));

export const PushSubscriptionInput = z.object({
  endpoint,
  p256dh,
  auth,
  lang: z.enum(["en", "he"], says("push.err.subscription")).default("en"),
});
export type PushSubscriptionValue = z.output<typeof PushSubscriptionInput>;

/** Turning this phone's notifications off, or sending it a test: which subscription. */
export const PushEndpointInput = z.object({ endpoint });

/** Settings' device list: which device to remove (its row id). */
export const PushDeviceInput = z.object({
  id: z
    .string(says("access.devices.notFound"))
    .trim()
    .min(1, says("access.devices.notFound"))
    .max(100, says("access.devices.notFound")),
});

/** The "Booking proposals" switch as the screen posts it. */
export const ProposalsSwitchInput = z
  .object({ proposals_enabled: z.enum(["on", "off"], says("push.err.switch")) })
  .transform((v) => ({ proposalsEnabled: v.proposals_enabled === "on" }));
