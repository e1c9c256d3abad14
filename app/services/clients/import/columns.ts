// The column names and phone labels the importer knows, in one place: what
// each exporter writes (Google Contacts in both its layouts, Outlook, the
// iPhone and Android CSV tools, Excel lists in English and Hebrew, Fresha,
// Square, Booksy, WhatsApp contact exports). A header is compared without
// case, spaces, dashes, dots, quotes or the Hebrew geresh, so "Mobile Phone",
// "mobile_phone" and "טל'" each match one entry.

/** What a column holds. */
type Field = "name" | "first" | "middle" | "last" | "nickname" | "company" | "phone" | "tags" | "notes";
/** What kind of number a phone column, label or type is; the first in this order is the one WhatsApp reaches. */
const PHONE_KINDS = ["whatsapp", "mobile", "main", "other", "home", "work", "fax"] as const;
export type PhoneKind = (typeof PHONE_KINDS)[number];

export type Exporter =
  "google" | "googleOld" | "outlook" | "phoneTool" | "fresha" | "square" | "booksy" | "whatsapp" | "chatbook";

type Column = { field: Field; kind?: PhoneKind };
const phone = (kind: PhoneKind): Column => ({ field: "phone", kind });
const field = (f: Field): Column => ({ field: f });

/** Header words (as `headerKey` leaves them) and what they hold. */
const COLUMNS: Record<string, Column> = {};
function known(column: Column, ...headers: string[]) {
  for (const h of headers) COLUMNS[headerKey(h)] = column;
}

// Names. Google (new): First Name, Middle Name, Last Name; Google (old): Name, Given Name, Additional Name, Family Name;
// Outlook: First Name, Middle Name, Last Name, Company; Fresha: First Name, Last Name, Full Name; Square: First Name,
// Surname, Company Name, Nickname; Booksy: Name / First name, Last name; WhatsApp exports: Name, Saved Name, Public Name.
known(
  field("name"),
  "Name",
  "Full Name",
  "Display Name",
  "Contact Name",
  "Contact",
  "Client",
  "Client Name",
  "Customer",
  "Customer Name",
);
known(field("name"), "Saved Name", "Public Name", "Push Name", "WhatsApp Name");
known(
  field("name"),
  "שם",
  "שם מלא",
  "שם לקוח",
  "שם הלקוח",
  "שם לקוחה",
  "שם הלקוחה",
  "לקוח",
  "לקוחה",
  "שם איש קשר",
  "איש קשר",
);
known(field("first"), "First Name", "Given Name", "First", "שם פרטי");
known(field("middle"), "Middle Name", "Additional Name", "שם אמצעי");
known(field("last"), "Last Name", "Family Name", "Surname", "Last", "שם משפחה");
known(field("nickname"), "Nickname", "Short Name", "כינוי");
known(
  field("company"),
  "Company",
  "Company Name",
  "Organization",
  "Organization Name",
  "Organization 1 - Name",
  "Business Name",
  "חברה",
  "שם חברה",
  "עסק",
);

// Phones, by kind. Outlook: Mobile Phone, Primary Phone, Home Phone, Home Phone 2, Business Phone, Business Phone 2,
// Other Phone, Car Phone, Company Main Phone, Assistant's Phone, Callback, Radio Phone, ISDN, TTY/TDD Phone,
// Business Fax, Home Fax, Other Fax, Pager. Fresha: Mobile Number, Telephone. Square: Phone Number. iPhone and Android
// CSV tools: Mobile, iPhone, Home, Work, Main, Phone. WhatsApp exports: WhatsApp Number, Phone Number, Number.
known(
  phone("whatsapp"),
  "WhatsApp",
  "WhatsApp Number",
  "WhatsApp Phone",
  "WA Number",
  "WA",
  "וואטסאפ",
  "ווטסאפ",
  "מספר וואטסאפ",
  "מספר ווטסאפ",
);
known(
  phone("mobile"),
  "Mobile",
  "Mobile Phone",
  "Mobile Number",
  "Mobile Phone Number",
  "Cell",
  "Cell Phone",
  "Cellphone",
  "Cell Number",
);
known(
  phone("mobile"),
  "iPhone",
  "Car Phone",
  "Phone (Mobile)",
  "נייד",
  "טלפון נייד",
  "טל נייד",
  "מספר נייד",
  "סלולרי",
  "סלולר",
  "פלאפון",
  "פלא",
);
known(
  phone("main"),
  "Phone",
  "Phone Number",
  "Phone No",
  "Tel",
  "Telephone",
  "Primary Phone",
  "Main",
  "Main Phone",
  "Company Main Phone",
);
known(phone("main"), "טלפון", "מספר טלפון", "טל", "טלפון ראשי");
known(
  phone("other"),
  "Other Phone",
  "Other",
  "Callback",
  "Radio Phone",
  "ISDN",
  "TTY/TDD Phone",
  "Assistant's Phone",
  "טלפון אחר",
  "טלפון נוסף",
);
known(phone("home"), "Home", "Home Phone", "Home Phone 2", "Landline", "טלפון בבית", "בית", "טלפון בית", "קווי");
known(
  phone("work"),
  "Work",
  "Work Phone",
  "Business Phone",
  "Business Phone 2",
  "Office Phone",
  "טלפון בעבודה",
  "עבודה",
  "טלפון עבודה",
);
known(phone("fax"), "Fax", "Business Fax", "Home Fax", "Other Fax", "Pager", "פקס", "זימונית");

// Tags. Google: Labels (new), Group Membership (old); Outlook: Categories; Square: Groups; Booksy/Fresha: Tags.
known(
  field("tags"),
  "Tags",
  "Tag",
  "Labels",
  "Label",
  "Groups",
  "Group",
  "Customer Groups",
  "Group Membership",
  "Categories",
  "Category",
);
known(field("tags"), "תגיות", "תגית", "קבוצות", "קבוצה", "קטגוריות", "קטגוריה", "תוויות", "תווית");
// Notes. Square: Memo; Fresha: Note, Notes; Outlook and Google: Notes.
known(
  field("notes"),
  "Notes",
  "Note",
  "Memo",
  "Comments",
  "Comment",
  "Remarks",
  "Client Notes",
  "Customer Notes",
  "Description",
);
known(field("notes"), "הערות", "הערה", "הערות לקוח", "הערות ללקוח", "תיאור");

/** A Google-style pair of columns: "Phone 1 - Label" (or "- Type") names the kind of "Phone 1 - Value", row by row. */
const PAIR = /^(?:phone|telephone|טלפון)(\d+)(value|type|label)$/;

/** The exporters' distinctive headers, to name the file's source in the preview. */
const SIGNATURES: [Exporter, string[]][] = [
  ["google", ["Phone 1 - Label", "Labels"]],
  ["googleOld", ["Phone 1 - Type", "Group Membership"]],
  ["outlook", ["Mobile Phone", "Business Phone", "Home Phone"]],
  ["fresha", ["Mobile Number", "Telephone"]],
  ["square", ["Memo", "Phone Number", "Surname"]],
  ["square", ["Square Customer ID"]],
  ["booksy", ["Cell Phone", "Booksy ID"]],
  ["whatsapp", ["WhatsApp Number"]],
];

function headerKey(header: string): string {
  return header
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s_\-.:'"`’‘׳״*()/]/g, "");
}

export type ColumnMap = {
  name: number[];
  first: number[];
  middle: number[];
  last: number[];
  nickname: number[];
  company: number[];
  /** Phone columns with their kind; `labelAt` is the column that names the kind row by row (Google's pairs). */
  phones: { at: number; kind: PhoneKind; labelAt: number }[];
  tags: number[];
  notes: number[];
};

/** Words that say a column holds a phone number, for headers not in the table ("Phone (Salon)", "נייד 2"). */
const PHONE_WORD = /phone|mobile|cell|whatsapp|טלפון|נייד|פלאפון|סלולר|וואטסאפ|ווטסאפ/;

const MAX_COLUMNS = 300;

/** Which column holds what; unknown columns are left out. */
export function columnsOf(headers: string[]): ColumnMap {
  const map: ColumnMap = {
    name: [],
    first: [],
    middle: [],
    last: [],
    nickname: [],
    company: [],
    phones: [],
    tags: [],
    notes: [],
  };
  const labels = new Map<string, number>();
  const values: [number, string][] = [];
  // No export has hundreds of columns: the rest of a very wide row is not looked at.
  headers.slice(0, MAX_COLUMNS).forEach((header, at) => {
    if (!header.trim()) return;
    const key = headerKey(header);
    if (!key) return;
    const pair = PAIR.exec(key);
    if (pair) {
      if (pair[2] === "value") values.push([at, pair[1]]);
      else labels.set(pair[1], at);
      return;
    }
    const column = COLUMNS[key];
    if (column?.field === "phone") map.phones.push({ at, kind: column.kind ?? "main", labelAt: -1 });
    else if (column) map[column.field as Exclude<Field, "phone">].push(at);
    else if (PHONE_WORD.test(key) && !/phonetic|yomi|mail|type|label|סוג/.test(key))
      map.phones.push({ at, kind: kindOfLabel(header) ?? "main", labelAt: -1 });
  });
  for (const [at, n] of values) map.phones.push({ at, kind: "main", labelAt: labels.get(n) ?? -1 });
  return map;
}

/** The exporter whose distinctive headers the file has, if any. */
export function exporterOf(headers: string[]): Exporter | null {
  const keys = new Set(headers.map(headerKey));
  for (const [exporter, signature] of SIGNATURES) if (signature.every((h) => keys.has(headerKey(h)))) return exporter;
  return null;
}

/**
 * The kind of number a label or type names: Google's "Mobile", "* Mobile",
 * Outlook's "Home Phone", vCard's CELL/IPHONE/HOME/WORK, an iPhone's
 * "_$!<Mobile>!$_" or a custom "נייד". Unknown: null.
 */
export function kindOfLabel(label: string): PhoneKind | null {
  const l = label.toLowerCase();
  if (/whats ?app|וואטסאפ|ווטסאפ|וואצאפ|ווצאפ/.test(l)) return "whatsapp";
  if (/fax|pager|פקס|זימונית/.test(l)) return "fax";
  if (/mobile|cell|iphone|נייד|סלולר|פלאפון|פלא|handy|móvil|portable/.test(l)) return "mobile";
  if (/home|בית|קווי|landline/.test(l)) return "home";
  if (/work|business|office|עבודה|משרד/.test(l)) return "work";
  if (/main|primary|pref|ראשי/.test(l)) return "main";
  if (/other|אחר|נוסף/.test(l)) return "other";
  return null;
}

/** How strongly a kind is preferred (lower wins); fax and pager numbers are never a client's number. */
export const kindRank = (kind: PhoneKind): number => PHONE_KINDS.indexOf(kind);
