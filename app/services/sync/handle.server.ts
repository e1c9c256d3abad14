// Resource-route wrapper for the services and sync API: thrown Responses
// (401, 4xx from readJson) go out as they are; anything else is a logged 500
// with the API's error shape, never a stack trace.
import { apiError } from "~/utils/http.server";

export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    console.error("API error", error);
    return apiError(500, "Something went wrong. Please try again.");
  }
}
