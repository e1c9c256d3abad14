// GET /api/settings and PATCH /api/settings (any subset of the fields).
import { english } from "~/services/auth/context.server";
import { requireApiUser } from "~/security/signed-in.server";
import { settingsOf, updateSettings } from "~/services/settings.server";
import { messagingOf, updateMessagingSettings } from "~/services/messaging-settings.server";
import { setProposalsEnabled } from "~/services/push/push.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { settingsPatchSchema } from "~/validation/accounts";
import { salonTimeOf, updateSalonTime } from "~/services/time/salon-time.server";
import { SalonTimePatch } from "~/validation/hours";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { user, business } = await requireApiUser(request, env);
  const settings = { ...settingsOf(user, business), ...messagingOf(business), proposals_enabled: business.proposalsEnabled };
  return json({ success: true, settings: { ...settings, ...salonTimeOf(business) } });
};

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "PATCH") return methodNotAllowed();
  const authed = await requireApiUser(request, env);
  // Every field is checked (the message settings first, the salon's time last) before anything is saved.
  const copy = request.clone() as Request;
  const { profile, messaging, proposalsEnabled } = await readJson(request, settingsPatchSchema(authed.user.email));
  const time = await readJson(copy, SalonTimePatch);
  const settings = await updateSettings(env, authed, profile, Date.now());
  const messages = await updateMessagingSettings(env.DB, authed.business, messaging);
  if (proposalsEnabled !== undefined) await setProposalsEnabled(authed.db, authed.business.id, proposalsEnabled);
  const proposals_enabled = proposalsEnabled ?? authed.business.proposalsEnabled;
  const hours = await updateSalonTime(authed.db, authed.business, time);
  return json({ success: true, detail: english("settings.apiSaved"), settings: { ...settings, ...messages, proposals_enabled, ...hours } });
};
