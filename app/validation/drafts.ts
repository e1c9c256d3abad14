// POST /api/drafts/{id}/send: an optional edited text. Sent: not blank, at most
// DRAFT_TEXT_MAX characters (trimmed); left out (or null): the draft's own text.
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import { says } from "./parse";

const DRAFT_TEXT_MAX = 1000;

export const DraftSend = z.object({
  text: z
    .string(says("drafts.err.text"))
    .trim()
    .min(1, says("drafts.err.text"))
    .max(DRAFT_TEXT_MAX, says("drafts.err.text"))
    .nullish()
    .transform((text) => text ?? null),
});

/** PATCH /api/settings: `auto_answer` (Answer for me), when sent. */
export const AutoAnswerPatch = z.object({ auto_answer: z.boolean(says("push.err.switch")).optional() });

/** Settings' "Answer for me" switch. */
export const AutoAnswerSwitchForm = z
  .object({ auto_answer: z.enum(["on", "off"], says("push.err.switch")) })
  .transform((v) => ({ auto_answer: v.auto_answer === "on" }));
