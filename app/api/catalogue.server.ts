// How the catalogue API answers a failure: the usual problem shape, plus
// `message` (the spec's POST /api/services reads detail or message) and `code`
// (empty, tooLong, duplicate, limit, notFound: the last part of the key).
import { translator } from "~/i18n/messages.server";
import { AppError, type Problem } from "~/utils/problem";
import { apiProblem } from "~/utils/http.server";
import { validate } from "~/validation/parse";
import type { z } from "zod";
import { ServiceBody } from "~/validation/sync";
import { NewServiceBody, ServicePatchBody } from "~/validation/services";

const english = translator("en");

function catalogueProblem(status: number, problem: Problem): Response {
  return apiProblem(status, problem, {
    message: english(problem.key, problem.params),
    code: problem.key.split(".").pop(),
  });
}

/** The body's service name by the Service name rule; a failure is thrown as the catalogue's answer. */
function serviceOf(body: unknown): string {
  const checked = validate(ServiceBody, body);
  if (!checked.ok) throw catalogueProblem(400, checked.problem);
  return checked.value.service;
}

/** POST's body: the name by the Service name rule, plus duration, buffer and price when sent. */
export function newServiceOf(body: unknown): z.output<typeof NewServiceBody> {
  serviceOf(body);
  const checked = validate(NewServiceBody, body);
  if (!checked.ok) throw catalogueProblem(400, checked.problem);
  return checked.value;
}

/** PATCH's body: any of name, duration, buffer and price (a name, when sent, by the Service name rule). */
export function servicePatchOf(body: unknown): z.output<typeof ServicePatchBody> {
  if (body && typeof body === "object" && "service" in body) serviceOf(body);
  const checked = validate(ServicePatchBody, body);
  if (!checked.ok) throw catalogueProblem(400, checked.problem);
  return checked.value;
}

/** Runs a catalogue change; its AppError becomes the catalogue's answer. */
export async function catalogueAnswer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) return catalogueProblem(error.status, error.problem);
    throw error;
  }
}
