// Every path of the JSON API and the module that answers it (see router.server.ts).
import { apiRouter } from "./router.server";
import * as sessionQr from "./$id.auth.qr.server";
import * as account from "./account.server";
import * as availability from "./availability.server";
import * as authForgotPassword from "./auth.forgot-password.server";
import * as authGoogle from "./auth.google.server";
import * as authGoogleCallback from "./auth.google.callback.server";
import * as authLogin from "./auth.login.server";
import * as authLogout from "./auth.logout.server";
import * as authRegister from "./auth.register.server";
import * as authResetPassword from "./auth.reset-password.server";
import * as authValidateToken from "./auth.validate-token.server";
import * as authVerify from "./auth.verify.server";
import * as bookingsById from "./bookings.$id.server";
import * as bookingsByIdAccept from "./bookings.$id.accept.server";
import * as bookingsByIdDecline from "./bookings.$id.decline.server";
import * as bookings from "./bookings.server";
import * as calendarFeed from "./calendar-feed.server";
import * as clientsById from "./clients.$id.server";
import * as clients from "./clients.server";
import * as exportAllJson from "./export.all.json.server";
import * as exportBookingsCsv from "./export.bookings.csv.server";
import * as exportClientsCsv from "./export.clients.csv.server";
import * as importClients from "./import.clients.server";
import * as insights from "./insights.server";
import * as proposalsByIdAccept from "./proposals.$id.accept.server";
import * as proposalsByIdDismiss from "./proposals.$id.dismiss.server";
import * as proposals from "./proposals.server";
import * as draftsByIdDismiss from "./drafts.$id.dismiss.server";
import * as draftsByIdSend from "./drafts.$id.send.server";
import * as drafts from "./drafts.server";
import * as openingsByIdOffer from "./openings.$id.offer.server";
import * as openings from "./openings.server";
import * as publicBySlug from "./public.$slug.server";
import * as publicBySlugAvailability from "./public.$slug.availability.server";
import * as publicBySlugBookings from "./public.$slug.bookings.server";
import * as rulesById from "./rules.$id.server";
import * as rulesCreate from "./rules.create.server";
import * as rulesDeleteGroupByGroupId from "./rules.delete.group.$groupId.server";
import * as rulesList from "./rules.list.server";
import * as rulesMessagesByIdDone from "./rules.messages.$id.done.server";
import * as rulesServices from "./rules.services.server";
import * as rulesUsersByService from "./rules.users.by-service.server";
import * as services from "./services.server";
import * as servicesById from "./services.$id.server";
import * as sessionsByIdRestart from "./sessions.$id.restart.server";
import * as sessionsByIdStart from "./sessions.$id.start.server";
import * as sessionsById from "./sessions.$id.server";
import * as sessions from "./sessions.server";
import * as settings from "./settings.server";
import * as settingsChangePassword from "./settings.change-password.server";
import * as team from "./team.server";
import * as teamById from "./team.$id.server";
import * as timeOff from "./time-off.server";
import * as timeOffById from "./time-off.$id.server";
import * as syncPreview from "./sync.preview.server";
import * as syncSave from "./sync.save.server";
import * as syncUsers from "./sync.users.server";
import * as userProfile from "./user.profile.server";
import * as webhook from "./webhook.server";

export const handleApiRequest = apiRouter({
  "/api/:id/auth/qr": sessionQr,
  "/api/account": account,
  "/api/availability": availability,
  "/api/auth/forgot-password": authForgotPassword,
  "/api/auth/google": authGoogle,
  "/api/auth/google/callback": authGoogleCallback,
  "/api/auth/login": authLogin,
  "/api/auth/logout": authLogout,
  "/api/auth/register": authRegister,
  "/api/auth/reset-password": authResetPassword,
  "/api/auth/validate-token": authValidateToken,
  "/api/auth/verify": authVerify,
  "/api/bookings/:id": bookingsById,
  "/api/bookings/:id/accept": bookingsByIdAccept,
  "/api/bookings/:id/decline": bookingsByIdDecline,
  "/api/bookings": bookings,
  "/api/calendar-feed": calendarFeed,
  "/api/clients/:id": clientsById,
  "/api/clients": clients,
  "/api/export/all.json": exportAllJson,
  "/api/export/bookings.csv": exportBookingsCsv,
  "/api/export/clients.csv": exportClientsCsv,
  "/api/import/clients": importClients,
  "/api/insights": insights,
  "/api/proposals/:id/accept": proposalsByIdAccept,
  "/api/proposals/:id/dismiss": proposalsByIdDismiss,
  "/api/proposals": proposals,
  "/api/drafts/:id/dismiss": draftsByIdDismiss,
  "/api/drafts/:id/send": draftsByIdSend,
  "/api/drafts": drafts,
  "/api/openings/:id/offer": openingsByIdOffer,
  "/api/openings": openings,
  "/api/public/:slug": publicBySlug,
  "/api/public/:slug/availability": publicBySlugAvailability,
  "/api/public/:slug/bookings": publicBySlugBookings,
  "/api/rules/:id": rulesById,
  "/api/rules/create": rulesCreate,
  "/api/rules/delete/group/:groupId": rulesDeleteGroupByGroupId,
  "/api/rules/list": rulesList,
  "/api/rules/messages/:id/done": rulesMessagesByIdDone,
  "/api/rules/services": rulesServices,
  "/api/rules/users/by-service": rulesUsersByService,
  "/api/services": services,
  "/api/services/:id": servicesById,
  "/api/sessions/:id/restart": sessionsByIdRestart,
  "/api/sessions/:id/start": sessionsByIdStart,
  "/api/sessions/:id": sessionsById,
  "/api/sessions": sessions,
  "/api/settings": settings,
  "/api/settings/change-password": settingsChangePassword,
  "/api/time-off": timeOff,
  "/api/team/:id": teamById,
  "/api/team": team,
  "/api/time-off/:id": timeOffById,
  "/api/sync/preview": syncPreview,
  "/api/sync/save": syncSave,
  "/api/sync/users": syncUsers,
  "/api/user/profile": userProfile,
  "/api/webhook": webhook,
});
