// The schema modules a form checks with, loaded when the owner first touches
// the form (use-schema-form.ts), so zod stays out of each screen's first load:
//   useSchemaForm(clientSchemas, (m) => m.ClientForm, { ... })
export const accountSchemas = () => import("~/validation/accounts");
export const bookingSchemas = () => import("~/validation/bookings");
export const clientSchemas = () => import("~/validation/clients");
export const proposalSchemas = () => import("~/validation/proposals");
export const syncSchemas = () => import("~/validation/sync");
export const safetySchemas = () => import("~/validation/safety");
export const serviceSchemas = () => import("~/validation/services");
