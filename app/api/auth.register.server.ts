// POST /api/auth/register: the registration payload; a 6-digit code goes to the e-mail.
import { accountCtx, english } from "~/services/auth/context.server";
import { register } from "~/services/auth/registration.server";
import { json, readJson, methodNotAllowed } from "~/utils/http.server";
import { RegistrationBodySchema } from "~/validation/accounts";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, env, ctx }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJson(request, RegistrationBodySchema);
  const result = await register(accountCtx(request, env, ctx), body);
  // `registration` names this sign-up for Send a new code; each sign-up gets its own code.
  return json({
    success: true,
    message: english("register.codeSent", { email: result.email }),
    email: result.email,
    registration: result.registration,
  });
};
