// Prints a new VAPID key pair (P-256, base64url) for Web Push:
//   npx tsx workers/cli/vapid-keys.ts
// then `npx wrangler secret put VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` with
// the two values (and VAPID_SUBJECT, a mailto: or https: contact).
import { base64UrlEncode } from "../../app/utils/base64";

const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
  "sign",
  "verify",
])) as CryptoKeyPair;
const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
const jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
console.log(`VAPID_PUBLIC_KEY="${base64UrlEncode(publicKey)}"`);
console.log(`VAPID_PRIVATE_KEY="${jwk.d}"`);
