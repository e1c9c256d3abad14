// Message templates: {name}, {service}, {date} and {staff} (the team member
// the booking is with) are filled per client at send time.
export const DEFAULT_TEMPLATE =
  "Hi {name}, thanks again for your {service} on {date}. Don't forget to book your next visit — spots fill up fast!";

export type TemplateValues = { name: string; service: string; date: string; staff: string };

export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{(name|service|date|staff)\}/g, (_, key: keyof TemplateValues) => values[key]);
}

/** YYYY-MM-DD as the owner reads dates everywhere in the app (en-GB short: 12/03/2026). */
export function formatDateGB(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : isoDate;
}
