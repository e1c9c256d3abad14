// The dictionaries, server side: e-mails, API messages and the root loader
// (which sends the page only the reader's language) translate with these.
import { bookings } from "./areas/bookings";
import { clients } from "./areas/clients";
import { common } from "./areas/common";
import { connect } from "./areas/connect";
import { dashboard } from "./areas/dashboard";
import { landing } from "./areas/landing";
import { accounts } from "./areas/accounts";
import { settings } from "./areas/settings";
import { sync } from "./areas/sync";
import { rules } from "./areas/rules";
import { data } from "./areas/data";
import { security } from "./areas/security";
import { messaging } from "./areas/messaging";
import { problems } from "./areas/problems";
import { proposals } from "./areas/proposals";
import { drafts } from "./areas/drafts";
import { push } from "./areas/push";
import { importing } from "./areas/importing";
import { hours } from "./areas/hours";
import { safety } from "./areas/safety";
import { access } from "./areas/access";
import { timeBook } from "./areas/time-book";
import { bookingLink } from "./areas/booking-link";
import { insights } from "./areas/insights";
import { team } from "./areas/team";
import { openings } from "./areas/openings";
import { translatorOf, type Lang, type Messages, type Translate } from "./index";

const areas = [
  common,
  landing,
  dashboard,
  connect,
  accounts,
  settings,
  sync,
  rules,
  clients,
  bookings,
  data,
  security,
  messaging,
  problems,
  proposals,
  drafts,
  push,
  importing,
  hours,
  safety,
  access,
  timeBook,
  bookingLink,
  insights,
  team,
  openings,
] as const;

const dictionaries: Record<Lang, Messages> = {
  en: Object.assign({}, ...areas.map((a) => a.en)),
  he: Object.assign({}, ...areas.map((a) => a.he)),
};

/**
 * Each dictionary as the root loader sends it to the page: one JSON text,
 * made once. Inside the page's data a single string costs next to nothing to
 * encode, where ~900 separate strings cost milliseconds on every page.
 */
export const dictionaryTexts: Record<Lang, string> = {
  en: JSON.stringify(dictionaries.en),
  he: JSON.stringify(dictionaries.he),
};

export function translator(lang: Lang): Translate {
  return translatorOf(dictionaries[lang] ?? dictionaries.en, dictionaries.en);
}
