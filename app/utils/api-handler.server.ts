// Wraps a JSON API loader or action: thrown Responses (401, 400 from readJson)
// are answered as they are, service failures become their status and message,
// anything else is logged and answered as a 500 without internals.
import { z } from "zod";
import { ServiceError } from "~/services/service-error";
import { apiError } from "./http.server";

export function apiRoute<A>(handler: (args: A) => Promise<Response>) {
  return async (args: A): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      if (error instanceof ServiceError) return apiError(error.status, error.message);
      console.error(error);
      return apiError(500, "Something went wrong. Please try again.");
    }
  };
}

/** Any JSON object; the fields are then checked by the endpoint's own validator with the spec's messages. */
export const JsonObject = z.record(z.string(), z.unknown(), { error: "The request body must be a JSON object." });
