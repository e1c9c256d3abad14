// GET /api/settings and PATCH /api/settings (any subset of the fields).
import { english } from "~/services/auth/context.server";
import { requireApiUser } from "~/security/signed-in.server";
import { settingsOf, updateSettings } from "~/services/settings.server";
import { messagingOf, updateMessagingSettings } from "~/services/messaging-settings.server";
import { setProposalsEnabled } from "~/services/push/push.server";
import { apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { settingsPatchSchema } from "~/validation/accounts";
import { salonTimeOf, updateSalonTime } from "~/services/time/salon-time.server";
import { SalonTimePatch } from "~/validation/hours";
import { validate } from "~/validation/parse";
import { SafetyPatch } from "~/validation/safety";
import { safetyOf, updateSafetySettings } from "~/services/safety/settings.server";
import { currencySetting, saveCurrency } from "~/services/catalogue/currency.server";
import { CurrencyPatch } from "~/validation/services";
import { BookingLinkPatch } from "~/validation/booking-link";
import {
  bookingLinkOf,
  checkBookingLink,
  suggestSlug,
  updateBookingLink,
} from "~/services/booking-link/settings.server";
import { AutoAnswerPatch } from "~/validation/drafts";
import { autoAnswerOf, updateAutoAnswer } from "~/services/drafts/auto-answer.server";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { db, user, business } = await requireApiUser(request, env);
  const link = bookingLinkOf(business);
  return json({
    success: true,
    settings: {
      ...settingsOf(user, business),
      ...messagingOf(business),
      proposals_enabled: business.proposalsEnabled,
      ...autoAnswerOf(business),
      ...safetyOf(business),
      ...salonTimeOf(business),
      ...currencySetting(business),
      ...link,
      booking_slug_suggestion: link.booking_slug ?? (await suggestSlug(db, business)),
    },
  });
};

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "PATCH") return methodNotAllowed();
  const authed = await requireApiUser(request, env);
  // Every field is checked (the message settings first, the salon's time last) before anything is saved.
  const raw = await readJson(request, JsonObject);
  const checked = validate(settingsPatchSchema(authed.user.email), raw);
  if (!checked.ok) return apiProblem(400, checked.problem);
  const safetyPatch = validate(SafetyPatch, raw);
  if (!safetyPatch.ok) return apiProblem(400, safetyPatch.problem);
  const time = validate(SalonTimePatch, raw);
  if (!time.ok) return apiProblem(400, time.problem);
  const currency = validate(CurrencyPatch, raw);
  if (!currency.ok) return apiProblem(400, currency.problem);
  const link = validate(BookingLinkPatch, raw);
  if (!link.ok) return apiProblem(400, link.problem);
  const auto = validate(AutoAnswerPatch, raw);
  if (!auto.ok) return apiProblem(400, auto.problem);
  const { profile, messaging, proposalsEnabled } = checked.value;
  const phone = { phone: profile.phone ?? authed.business.phone, country: profile.country ?? authed.business.country };
  await checkBookingLink(env, authed.db, authed.business, link.value, phone);
  const settings = await updateSettings(env, authed, profile, Date.now());
  const messages = await updateMessagingSettings(env.DB, authed.business, messaging);
  if (proposalsEnabled !== undefined) await setProposalsEnabled(authed.db, authed.business.id, proposalsEnabled);
  await saveCurrency(authed.db, authed.business.id, currency.value.currency);
  const proposals_enabled = proposalsEnabled ?? authed.business.proposalsEnabled;
  const autoAnswer = await updateAutoAnswer(authed.db, authed.business, auto.value);
  const safety = await updateSafetySettings(env.DB, authed.business, safetyPatch.value);
  const hours = await updateSalonTime(authed.db, authed.business, time.value);
  const bookingLink = await updateBookingLink(authed.db, authed.business, link.value);
  return json({
    success: true,
    detail: english("settings.apiSaved"),
    settings: {
      ...settings,
      ...messages,
      proposals_enabled,
      ...autoAnswer,
      ...safety,
      ...hours,
      ...currencySetting({ currency: currency.value.currency ?? authed.business.currency, country: settings.country }),
      ...bookingLink,
      booking_slug_suggestion:
        bookingLink.booking_slug ??
        (await suggestSlug(authed.db, { id: authed.business.id, name: settings.business_name })),
    },
  });
};
