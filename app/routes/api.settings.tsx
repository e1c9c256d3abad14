// GET /api/settings and PATCH /api/settings (any subset of the fields).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { english } from "~/services/auth/context.server";
import { requireApiUser } from "~/services/auth/session.server";
import { settingsOf, updateSettings } from "~/services/settings.server";
import { messagingOf, MessagingPatchFields, updateMessagingSettings } from "~/services/messaging-settings.server";
import { apiRoute } from "~/utils/api-handler.server";
import { apiText, json, methodNotAllowed, readJson } from "~/utils/http.server";

const text = z.string().max(1000).optional();
const Patch = z.object({
  name: text, email: text, business_name: text, phone: text, city: text, country: text,
  agree_terms: z.boolean().optional(), agree_updates: z.boolean().optional(), timezone: text, send_time: text,
  message_retention_days: z.number().optional(),
  ...MessagingPatchFields,
});

export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { user, business } = await requireApiUser(request, context.cloudflare.env);
  return json({ success: true, settings: { ...settingsOf(user, business), ...messagingOf(business) } });
});

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed();
  const env = context.cloudflare.env;
  const authed = await requireApiUser(request, env);
  const { message_language, pause_between_messages, quiet_hours_start, quiet_hours_end, ...patch } = await readJson(request, Patch);
  const messagingPatch = { message_language, pause_between_messages, quiet_hours_start, quiet_hours_end };
  // The message settings are checked first, so a bad one changes nothing at all.
  const messaging = await updateMessagingSettings(env.DB, authed.business, messagingPatch, { dryRun: true });
  if (!messaging.ok) return apiText(400, english(messaging.key));
  const result = await updateSettings(env, authed, patch, Date.now());
  if (!result.ok) return apiText(400, english(result.key));
  const saved = await updateMessagingSettings(env.DB, authed.business, messagingPatch);
  return json({ success: true, detail: "Settings saved", settings: { ...result.settings, ...(saved.ok ? saved.settings : messagingOf(authed.business)) } });
});
