// POST /api/auth/register: the registration payload; a 6-digit code goes to the e-mail.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { accountCtx, english, failureResponse } from "~/services/auth/context.server";
import { register } from "~/services/auth/registration.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, readJson, methodNotAllowed } from "~/utils/http.server";

const text = z.string().max(1000).default("");
const Body = z.object({
  email: text, password: text, confirm_password: z.string().max(1000).optional(), business_name: text, phone: text, name: text,
  city: text, country: text, agree_terms: z.boolean().default(false), agree_updates: z.boolean().default(false),
  timezone: z.string().max(100).optional(),
});

export const loader = apiRoute(async () => methodNotAllowed());

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJson(request, Body);
  const result = await register(accountCtx(request, context.cloudflare.env, context.cloudflare.ctx), body);
  if (!result.ok) return failureResponse(result);
  const message = result.pending ? english("verify.pending") : english("register.codeSent", { email: result.email });
  return json({ success: true, message, email: result.email });
});
