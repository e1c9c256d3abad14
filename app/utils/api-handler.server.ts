// Wraps a JSON API loader or action: thrown Responses (401, 400 from readJson)
// are answered as they are, service failures (AppError) become their status and
// the English text of their key, anything else is logged and answered as a 500
// without internals.
import { z } from "zod";
import { AppError } from "./problem";
import { apiError, apiProblem } from "./http.server";

export function apiRoute<A>(handler: (args: A) => Promise<Response>) {
  return async (args: A): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      if (error instanceof AppError) return apiProblem(error.status, error.problem);
      console.error(error);
      return apiError(500, "problem.unexpected");
    }
  };
}

/** Any JSON object; the fields are then checked by the endpoint's own validator with the spec's messages. */
export const JsonObject = z.record(z.string(), z.unknown(), { error: "problem.bodyNotObject" });
