// GET /api/settings and PATCH /api/settings (any subset of the fields).
import { english } from "~/services/auth/context.server";
import { requireApiUser } from "~/security/signed-in.server";
import { settingsOf, updateSettings } from "~/services/settings.server";
import { messagingOf, updateMessagingSettings } from "~/services/messaging-settings.server";
import { setProposalsEnabled } from "~/services/push/push.server";
import { currencySetting, saveCurrency } from "~/services/catalogue/currency.server";
import { apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { settingsPatchSchema } from "~/validation/accounts";
import { validate } from "~/validation/parse";
import { CurrencyPatch } from "~/validation/services";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { user, business } = await requireApiUser(request, env);
  return json({
    success: true,
    settings: { ...settingsOf(user, business), ...messagingOf(business), proposals_enabled: business.proposalsEnabled, ...currencySetting(business) },
  });
};

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "PATCH") return methodNotAllowed();
  const authed = await requireApiUser(request, env);
  // Every field is checked (the message settings first) before anything is saved.
  const body = await readJson(request, JsonObject);
  const currency = validate(CurrencyPatch, body);
  if (!currency.ok) return apiProblem(400, currency.problem);
  const patch = validate(settingsPatchSchema(authed.user.email), body);
  if (!patch.ok) return apiProblem(400, patch.problem);
  const { profile, messaging, proposalsEnabled } = patch.value;
  const settings = await updateSettings(env, authed, profile, Date.now());
  const messages = await updateMessagingSettings(env.DB, authed.business, messaging);
  if (proposalsEnabled !== undefined) await setProposalsEnabled(authed.db, authed.business.id, proposalsEnabled);
  await saveCurrency(authed.db, authed.business.id, currency.value.currency);
  const proposals_enabled = proposalsEnabled ?? authed.business.proposalsEnabled;
  return json({
    success: true,
    detail: english("settings.apiSaved"),
    settings: {
      ...settings,
      ...messages,
      proposals_enabled,
      ...currencySetting({ currency: currency.value.currency ?? authed.business.currency, country: settings.country }),
    },
  });
};
