// A team member as the API and the Team section send it: a name, a palette
// colour, working hours of the business's shape and the services they do
// (empty: all). Every message is a dictionary key (i18n/areas/team.ts).
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import type { ActionAnswer } from "~/utils/answer";
import { hoursProblem, normalizeHours } from "~/services/time/hours";
import type { WorkingHours } from "~/services/time/span";
import { MAX_MEMBERS, MEMBER_NAME_MAX, TEAM_PALETTE } from "~/services/team/palette";
import { says } from "./parse";

const name = z
  .string(says("team.err.name"))
  .trim()
  .min(1, says("team.err.name"))
  .max(MEMBER_NAME_MAX, says("team.err.name"));
const color = z
  .string(says("team.err.color"))
  .trim()
  .transform((c) => c.toUpperCase())
  .refine((c) => (TEAM_PALETTE as readonly string[]).includes(c), says("team.err.color"));
const workingHours = z
  .unknown()
  .superRefine((value, ctx) => {
    const found = hoursProblem(value);
    if (found) ctx.addIssue({ code: "custom", message: found.key, params: found.params });
  })
  .transform((v) => normalizeHours(v as Partial<WorkingHours>));
const services = z
  .array(
    z.string(says("team.err.services")).trim().min(1, says("team.err.services")).max(60, says("team.err.services")),
    says("team.err.services"),
  )
  .max(200, says("team.err.services"))
  .transform((list) => list.filter((s, i) => list.findIndex((t) => t.toLowerCase() === s.toLowerCase()) === i));

/** POST /api/team. */
export const MemberInput = z.object({
  name,
  color: color.optional(),
  working_hours: workingHours.optional(),
  services: services.optional(),
});
export type MemberInput = z.output<typeof MemberInput>;

/** Where in the team's order (0: first; past the end: last). The order is who is asked first for a new booking. */
const position = z
  .number(says("team.err.position"))
  .int(says("team.err.position"))
  .min(0, says("team.err.position"))
  .max(MAX_MEMBERS - 1, says("team.err.position"));

/** PATCH /api/team/{id}: only the fields sent change. */
export const MemberPatch = z
  .object({
    name: name.optional(),
    color: color.optional(),
    working_hours: workingHours.optional(),
    services: services.optional(),
    position: position.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), says("team.err.patchEmpty"));
export type MemberPatch = z.output<typeof MemberPatch>;

/** `member_id` beside a booking's or a day off's fields: a member's id (null on a booking: unassigned). */
export const memberId = z
  .string(says("team.err.memberId"))
  .trim()
  .min(1, says("team.err.memberId"))
  .max(100, says("team.err.memberId"));

/** The Team screen's forms, and what its action answers each: done (with the member's name), or the problem to show. */
export type TeamIntent = "team-add" | "team-save" | "team-delete" | "team-move";
export type TeamAnswer = ActionAnswer<TeamIntent | "unknown", { name: string }>;
