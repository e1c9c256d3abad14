// The body of POST /api/sessions. Its config is accepted for compatibility but
// the server always builds the gateway config itself (webhook URL,
// per-business HMAC key, store).
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import { says } from "./parse";

export const CreateSessionSchema = z.object({
  name: z.string().min(1, says("connect.err.nameRequired")).max(200),
  start: z.boolean().optional(),
  config: z.unknown().optional(),
});
