// http_ece ships no types: the one call the test push endpoint makes.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  type Params = { version: "aes128gcm"; privateKey: ECDH; authSecret: string };
  const ece: { decrypt(buffer: Buffer, params: Params): Buffer };
  export default ece;
}
