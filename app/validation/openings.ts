// POST /api/openings/{id}/offer: the clients the freed slot is offered to, 1 to
// OFFER_MAX distinct client ids (the candidates GET /api/openings lists).
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import { says } from "./parse";

/** At most this many clients are offered one opening at a time. */
const OFFER_MAX = 3;

export const OpeningOffer = z.object({
  client_ids: z
    .array(
      z
        .string(says("openings.err.clients"))
        .trim()
        .min(1, says("openings.err.clients"))
        .max(100, says("openings.err.clients")),
      says("openings.err.clients"),
    )
    .min(1, says("openings.err.clients"))
    .max(OFFER_MAX, says("openings.err.clients"))
    .refine((ids) => new Set(ids).size === ids.length, says("openings.err.clients")),
});
