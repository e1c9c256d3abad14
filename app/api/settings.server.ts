// GET /api/settings and PATCH /api/settings (any subset of the fields).
import { english } from "~/services/auth/context.server";
import { requireApiUser } from "~/security/signed-in.server";
import { settingsOf, updateSettings } from "~/services/settings.server";
import { messagingOf, updateMessagingSettings } from "~/services/messaging-settings.server";
import { setProposalsEnabled } from "~/services/push/push.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { settingsPatchSchema } from "~/validation/accounts";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { user, business } = await requireApiUser(request, env);
  return json({ success: true, settings: { ...settingsOf(user, business), ...messagingOf(business), proposals_enabled: business.proposalsEnabled } });
};

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "PATCH") return methodNotAllowed();
  const authed = await requireApiUser(request, env);
  // Every field is checked (the message settings first) before anything is saved.
  const { profile, messaging, proposalsEnabled } = await readJson(request, settingsPatchSchema(authed.user.email));
  const settings = await updateSettings(env, authed, profile, Date.now());
  const messages = await updateMessagingSettings(env.DB, authed.business, messaging);
  if (proposalsEnabled !== undefined) await setProposalsEnabled(authed.db, authed.business.id, proposalsEnabled);
  const proposals_enabled = proposalsEnabled ?? authed.business.proposalsEnabled;
  return json({ success: true, detail: english("settings.apiSaved"), settings: { ...settings, ...messages, proposals_enabled } });
};
