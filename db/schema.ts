// The product's data in D1. Every business-owned table carries business_id,
// and every query filters on it. Times are unix milliseconds unless the
// column holds a local calendar value (booking_date YYYY-MM-DD, HH:MM).
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const id = () => text("id").primaryKey();
const createdAt = () =>
  integer("created_at")
    .notNull()
    .default(sql`(unixepoch() * 1000)`);
const businessId = () =>
  text("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" });

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull().unique(),
    name: text("name").notNull().default(""),
    // "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>"
    passwordHash: text("password_hash"),
    googleIssuer: text("google_issuer"),
    googleSubject: text("google_subject"),
    emailVerifiedAt: integer("email_verified_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_google_identity").on(t.googleIssuer, t.googleSubject)],
);

export const businesses = sqliteTable(
  "businesses",
  {
    // Also the WhatsApp session name at the gateway.
    id: id(),
    ownerUserId: text("owner_user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    city: text("city").notNull().default(""),
    // ISO 3166-1 alpha-2; the default region for phone numbers.
    country: text("country").notNull().default(""),
    timeZone: text("time_zone").notNull().default("UTC"),
    // Local HH:MM at which date-only rule messages go out.
    sendTime: text("send_time").notNull().default("10:00"),
    agreeTerms: integer("agree_terms", { mode: "boolean" }).notNull().default(true),
    agreeUpdates: integer("agree_updates", { mode: "boolean" }).notNull().default(false),
    // The WhatsApp session's status as its Durable Object last saw it, mirrored
    // here so the cron sweep holds due messages while WhatsApp is not WORKING.
    // "unknown" until the Durable Object first reads the gateway.
    waStatus: text("wa_status").notNull().default("unknown"),
    waStatusAt: integer("wa_status_at").notNull().default(0),
    // When the owner was last e-mailed that messages are waiting for WhatsApp.
    waAlertAt: integer("wa_alert_at"),
    // SHA-256 of the secret in the private calendar-feed address (null: no feed).
    calendarFeedHash: text("calendar_feed_hash"),
    // Stored WhatsApp messages older than this many days are purged by the cron.
    messageRetentionDays: integer("message_retention_days").notNull().default(180),
    // The language of the WhatsApp texts the product writes itself (the
    // confirmation line, acknowledgements): the owner's language at sign-up.
    messageLang: text("message_lang", { enum: ["en", "he"] })
      .notNull()
      .default("en"),
    // Pacing before number safety (3 to 60 s); read only by migration 0007, which carried it into pauseSeconds.
    sendGapSeconds: integer("send_gap_seconds").notNull().default(3),
    // Number safety: business-started messages wait a random gap of this many seconds (10 to 120) to three times it.
    pauseSeconds: integer("pause_seconds").notNull().default(20),
    // At most this many business-started messages per business-local day (1 to 500); the rest wait for the next day.
    dailyMessageBudget: integer("daily_message_budget").notNull().default(50),
    // The owner's switch: every automatic message waits (Scheduled) until it is off.
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
    // Quiet hours (local HH:MM): day-based messages wait for quietEnd.
    quietStart: text("quiet_start").notNull().default("21:00"),
    quietEnd: text("quiet_end").notNull().default("08:00"),
    // Live proposals: chats are read as they arrive and new bookings proposed (Settings switch).
    proposalsEnabled: integer("proposals_enabled", { mode: "boolean" }).notNull().default(true),
    // Answer for me: a drafted reply is sent by itself when it is made (at most 3 a chat a day; see services/drafts).
    autoAnswer: integer("auto_answer", { mode: "boolean" }).notNull().default(false),
    // ISO 4217 code prices are in; "" until chosen: read as the country's currency.
    currency: text("currency").notNull().default(""),
    // Opening hours per weekday in the business's zone: {"0": [["09:00","19:00"]], ..., "6": []}, 0 = Sunday.
    workingHours: text("working_hours", { mode: "json" })
      .$type<Record<string, [string, string][]>>()
      .notNull()
      .default(
        sql`'{"0":[],"1":[["09:00","18:00"]],"2":[["09:00","18:00"]],"3":[["09:00","18:00"]],"4":[["09:00","18:00"]],"5":[["09:00","18:00"]],"6":[["09:00","16:00"]]}'`,
      ),
    // Free start times are offered on this grid (5 to 60 minutes).
    slotStepMinutes: integer("slot_step_minutes").notNull().default(15),
    // No free time is offered sooner than this many minutes from now.
    minNoticeMinutes: integer("min_notice_minutes").notNull().default(60),
    // The booking link (/b/<slug>): null until the owner saves a slug; the page answers only while enabled.
    bookingSlug: text("booking_slug"),
    bookingPageEnabled: integer("booking_page_enabled", { mode: "boolean" }).notNull().default(false),
    // A booking made on the page holds its time this long (10 to 120 minutes) for the customer's WhatsApp confirmation.
    bookingHoldMinutes: integer("booking_hold_minutes").notNull().default(30),
    // The customer's confirmation makes the booking wait for the owner's Accept or Decline instead of confirming it.
    bookingOwnerConfirms: integer("booking_owner_confirms", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("businesses_wa_status").on(t.waStatus, t.waStatusAt),
    uniqueIndex("businesses_calendar_feed").on(t.calendarFeedHash),
    uniqueIndex("businesses_booking_slug").on(t.bookingSlug),
  ],
);

export const authSessions = sqliteTable(
  "auth_sessions",
  {
    // SHA-256 of the session id held by the cookie or the JWT: a leaked table
    // does not hand out live sessions.
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["cookie", "api"] }).notNull(),
    expiresAt: integer("expires_at").notNull(),
    // Set only on a token minted for a browser's own Google sign-in: the SHA-256
    // of the short-lived cookie that sign-in started with. The login page trades
    // such a token (#access_token) for a cookie session; no other token.
    bindingHash: text("binding_hash"),
    createdAt: createdAt(),
  },
  (t) => [index("auth_sessions_user").on(t.userId), index("auth_sessions_expires").on(t.expiresAt)],
);

export const verifications = sqliteTable(
  "verifications",
  {
    id: id(),
    target: text("target").notNull(),
    purpose: text("purpose", { enum: ["signup", "reset"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: integer("used_at"),
    // A sign-up code's own registration (JSON: password hash, name, business profile), so a
    // code confirms only the sign-up that asked for it; null for reset links.
    payload: text("payload"),
    createdAt: createdAt(),
  },
  (t) => [
    index("verifications_target").on(t.target, t.purpose, t.createdAt),
    index("verifications_expires").on(t.expiresAt),
  ],
);

export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [index("rate_limits_window").on(t.windowStart)],
);

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_to").on(t.to, t.createdAt), index("email_outbox_created").on(t.createdAt)],
);

export const clients = sqliteTable(
  "clients",
  {
    id: id(),
    businessId: businessId(),
    name: text("name").notNull(),
    // E.164 digits without the plus: the same person typed two ways is one row,
    // and it matches the WhatsApp chat id "<digits>@c.us".
    phone: text("phone").notNull(),
    tags: text("tags", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    notes: text("notes").notNull().default(""),
    profilePicture: text("profile_picture"),
    // The client answered a confirmation request with something the product
    // could not read: waiting for the owner's reply on WhatsApp (or a clear).
    awaitingReplyAt: integer("awaiting_reply_at"),
    awaitingReplyText: text("awaiting_reply_text"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at")
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    uniqueIndex("clients_business_phone").on(t.businessId, t.phone),
    index("clients_business_created").on(t.businessId, t.createdAt),
    index("clients_business_name").on(t.businessId, t.name),
  ],
);

export const services = sqliteTable(
  "services",
  {
    id: id(),
    businessId: businessId(),
    name: text("name").notNull(),
    // lower-cased name: the catalogue refuses duplicates ignoring case.
    nameKey: text("name_key").notNull(),
    // How long the service takes (5 to 480) and the time kept free after it (0 to 120).
    durationMinutes: integer("duration_minutes").notNull().default(60),
    bufferMinutes: integer("buffer_minutes").notNull().default(0),
    // Optional price in hundredths of the business's currency.
    priceCents: integer("price_cents"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("services_business_name").on(t.businessId, t.nameKey)],
);

/**
 * The team: each member is a calendar (the owner is the first; staff do not
 * sign in). `workingHours` null follows the business's hours; `services`
 * lists the service names the member does (empty: all); `position` is the
 * team's order, which auto-assignment follows.
 */
export const members = sqliteTable(
  "members",
  {
    id: id(),
    businessId: businessId(),
    name: text("name").notNull(),
    color: text("color").notNull(),
    workingHours: text("working_hours", { mode: "json" }).$type<Record<string, [string, string][]> | null>(),
    services: text("services", { mode: "json" }).$type<string[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("members_business_position").on(t.businessId, t.position)],
);

// "pending": booked on the public page, holding its time until the customer confirms on WhatsApp (booking_holds).
export const bookingStatuses = ["scheduled", "confirmed", "completed", "cancelled", "no_show", "pending"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const bookings = sqliteTable(
  "bookings",
  {
    id: id(),
    businessId: businessId(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    service: text("service").notNull(),
    // Local calendar date and time in the business's time zone.
    bookingDate: text("booking_date").notNull(),
    bookingTime: text("booking_time").notNull(),
    notes: text("notes").notNull().default(""),
    status: text("status", { enum: bookingStatuses }).notNull().default("scheduled"),
    source: text("source", { enum: ["manual", "sync", "online"] })
      .notNull()
      .default("manual"),
    // The booking's own length (from its service when created, changeable), the
    // service's buffer after it, and the service's price then (hundredths; null: none).
    durationMinutes: integer("duration_minutes").notNull().default(60),
    bufferMinutes: integer("buffer_minutes").notNull().default(0),
    priceCents: integer("price_cents"),
    // The team member whose calendar it is on (null: unassigned, nobody's chair).
    memberId: text("member_id").references(() => members.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at")
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    index("bookings_business_date").on(t.businessId, t.bookingDate, t.bookingTime),
    index("bookings_business_client").on(t.businessId, t.clientId, t.bookingDate, t.bookingTime, t.status),
    index("bookings_business_service").on(t.businessId, t.service, t.bookingDate),
  ],
);

/** Days the business (the whole salon) is closed: holidays, leave. Dates are local and inclusive. */
export const timeOff = sqliteTable(
  "time_off",
  {
    id: id(),
    businessId: businessId(),
    dateFrom: text("date_from").notNull(),
    dateTo: text("date_to").notNull(),
    note: text("note").notNull().default(""),
    // One member's days off; null: the whole business is closed.
    memberId: text("member_id").references(() => members.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("time_off_business_to").on(t.businessId, t.dateTo)],
);

export const waContacts = sqliteTable(
  "wa_contacts",
  {
    id: id(),
    businessId: businessId(),
    chatId: text("chat_id").notNull(),
    lid: text("lid"),
    phone: text("phone"),
    name: text("name").notNull().default(""),
    lastMessageAt: integer("last_message_at").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("wa_contacts_business_chat").on(t.businessId, t.chatId),
    index("wa_contacts_business_recent").on(t.businessId, t.lastMessageAt),
  ],
);

export const waMessages = sqliteTable(
  "wa_messages",
  {
    id: id(),
    businessId: businessId(),
    providerId: text("provider_id").notNull(),
    chatId: text("chat_id").notNull(),
    fromMe: integer("from_me", { mode: "boolean" }).notNull(),
    body: text("body").notNull().default(""),
    timestamp: integer("timestamp").notNull(),
    createdAt: createdAt(),
    /**
     * When the message was acted on (read as an answer, the owner's reply...).
     * Null while stored but not yet processed: a failure after storing, or a
     * hidden number whose phone is not known yet; the backstop retries it.
     */
    processedAt: integer("processed_at"),
  },
  (t) => [
    uniqueIndex("wa_messages_business_provider").on(t.businessId, t.providerId),
    index("wa_messages_unprocessed")
      .on(t.businessId, t.createdAt)
      .where(sql`processed_at IS NULL`),
    index("wa_messages_business_chat_time").on(t.businessId, t.chatId, t.timestamp),
    // The retention purge: each business's oldest messages first.
    index("wa_messages_business_time").on(t.businessId, t.timestamp),
  ],
);

/**
 * Messages the customer deleted for everyone, by their WhatsApp key id (the
 * same under the chat's @lid and @c.us forms): never stored again, whatever
 * arrives late (a retried webhook, the backstop).
 */
export const waRevoked = sqliteTable(
  "wa_revoked",
  {
    businessId: businessId(),
    keyId: text("key_id").notNull(),
    revokedAt: integer("revoked_at").notNull(),
  },
  (t) => [uniqueIndex("wa_revoked_business_key").on(t.businessId, t.keyId)],
);

export const rules = sqliteTable(
  "rules",
  {
    id: id(),
    businessId: businessId(),
    groupId: text("group_id").notNull(),
    type: text("type", { enum: ["followup", "reminder"] }).notNull(),
    name: text("name").notNull().default(""),
    services: text("services", { mode: "json" }).$type<string[]>().notNull(),
    template: text("template").notNull(),
    scheduleType: text("schedule_type", { enum: ["preset", "custom", "due"] }).notNull(),
    scheduleValue: text("schedule_value").notNull().default(""),
    customDate: text("custom_date"),
    customTime: text("custom_time"),
    scheduleLabel: text("schedule_label").notNull().default(""),
    // The message ends with "Reply 1 to confirm or 2 to cancel." in the business's message language.
    askConfirmation: integer("ask_confirmation", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("rules_business_created").on(t.businessId, t.createdAt),
    index("rules_business_group").on(t.businessId, t.groupId),
  ],
);

export const messageKinds = ["rule", "ack", "draft", "answer", "offer", "stop_ack"] as const;
export type MessageKind = (typeof messageKinds)[number];
/** Sends that belong to no rule: their text is their own (`body`), their recipient `to_phone`. */
export const ONE_OFF_KINDS = ["draft", "answer", "offer", "stop_ack"] as const satisfies readonly MessageKind[];

// "manual": a business-started message to a client with no contact basis, waiting for the owner to send it from the phone.
export const messageStatuses = ["scheduled", "queued", "sending", "sent", "failed", "cancelled", "manual"] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const scheduledMessages = sqliteTable(
  "scheduled_messages",
  {
    id: id(),
    businessId: businessId(),
    // Null for a one-off send (a draft, an answer): it belongs to no rule.
    ruleId: text("rule_id").references(() => rules.id, { onDelete: "cascade" }),
    // Null for a one-off send about no booking (a drafted reply).
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    // "rule": the rule's own message; "ack": the acknowledgement of the client's
    // answer to it (at most one per rule message), whose text is in `body`.
    // One-off sends, with their own text in `body`: "draft" (a drafted reply the
    // owner sent), "answer" (the booking page's thanks, accept or decline answer),
    // "offer" (a freed time offered to a candidate, opening_offers), "stop_ack" (the
    // acknowledgement of a client's STOP, referenced by the STOP message's id).
    kind: text("kind", { enum: messageKinds }).notNull().default("rule"),
    body: text("body"),
    // A one-off send's reference, unique per kind (the draft's id, "<booking id>:thanks"): queued once.
    ref: text("ref"),
    // A one-off send's recipient: E.164 digits, and the chat the customer wrote from (else the
    // phone's known chat). A rule message's recipient is its booking's client.
    toPhone: text("to_phone"),
    toChatId: text("to_chat_id"),
    // Who started the conversation this message belongs to, decided where the row is written:
    // "business" (reminders, follow-ups: needs a contact basis, counts against the daily budget, long random gap)
    // or "reply" (an answer to the customer's own message: always allowed, short gap).
    origin: text("origin", { enum: ["business", "reply"] })
      .notNull()
      .default("business"),
    // The business-local day whose daily budget this business-started send used.
    budgetDay: text("budget_day"),
    // WhatsApp's latest ack for the sent message: -1 refused (ERROR), 1 server, 2 delivered, 3 read, 4 played.
    ack: integer("ack"),
    // The client's answer to a confirmation request (a reminder that asked).
    replyText: text("reply_text"),
    replyAction: text("reply_action", { enum: ["confirmed", "cancelled"] }),
    replyMessageId: text("reply_message_id"),
    repliedAt: integer("replied_at"),
    // The planned moment as the owner sees it (business time zone) and as an instant.
    sendDate: text("send_date").notNull(),
    sendTime: text("send_time"),
    sendAt: integer("send_at").notNull(),
    status: text("status", { enum: messageStatuses }).notNull().default("scheduled"),
    // Claims by a delivery (> 0: look in the chat before sending again).
    attempts: integer("attempts").notNull().default(0),
    // Sends the gateway answered with a retryable error; MAX_ATTEMPTS of them fail the message.
    failures: integer("failures").notNull().default(0),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    sentAt: integer("sent_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at")
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    uniqueIndex("scheduled_messages_rule_booking_kind").on(t.ruleId, t.bookingId, t.kind),
    uniqueIndex("scheduled_messages_kind_ref").on(t.kind, t.ref),
    index("scheduled_messages_due").on(t.status, t.sendAt),
    index("scheduled_messages_booking").on(t.bookingId, t.status),
    index("scheduled_messages_business_rule").on(t.businessId, t.ruleId),
    // message.ack events find the message they are about.
    index("scheduled_messages_business_provider").on(t.businessId, t.providerMessageId),
    // Number safety: the day's budget, the Connect tab's 7 days and the messages waiting to be sent by hand.
    index("scheduled_messages_business_budget").on(t.businessId, t.budgetDay),
    index("scheduled_messages_business_sent").on(t.businessId, t.sentAt),
    index("scheduled_messages_business_status").on(t.businessId, t.status),
  ],
);

/**
 * Why the business may write to a phone first, kept from the chat as messages
 * arrive (and kept when old messages are purged): the client's first message,
 * the owner's first message typed on the phone, and the client's own STOP and
 * START (opted out while opted_out_at is later than opted_in_at).
 */
export const contactConsent = sqliteTable(
  "contact_consent",
  {
    businessId: businessId(),
    // E.164 digits, as clients.phone.
    phone: text("phone").notNull(),
    firstInAt: integer("first_in_at"),
    firstOutAt: integer("first_out_at"),
    optedOutAt: integer("opted_out_at"),
    optedInAt: integer("opted_in_at"),
    // The client confirmed a booking made on the booking page by writing to the salon (basis booked_online).
    bookedOnlineAt: integer("booked_online_at"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.phone] }),
    index("contact_consent_business_opted_out").on(t.businessId, t.optedOutAt),
  ],
);

export const proposalStatuses = ["open", "accepted", "dismissed"] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];
/** "booking": a new booking read from the chat; the others change the client's upcoming booking (`bookingId`). */
export const proposalKinds = ["booking", "reschedule", "late", "cancel"] as const;
export type ProposalKind = (typeof proposalKinds)[number];

// Bookings the extractor found in a live chat, waiting for the owner: accepted
// ones became a booking, dismissed ones stay so the same booking is not
// proposed again.
export const proposals = sqliteTable(
  "proposals",
  {
    id: id(),
    businessId: businessId(),
    chatId: text("chat_id").notNull(),
    // The WhatsApp contact's name when it was proposed; the client's own name wins when the number is a client.
    clientName: text("client_name").notNull().default(""),
    // E.164 digits without the plus, as clients.phone stores them.
    clientPhone: text("client_phone").notNull(),
    service: text("service").notNull(),
    // Local calendar date (YYYY-MM-DD) and time (HH:MM) in the business's time zone.
    date: text("date").notNull(),
    time: text("time").notNull(),
    notes: text("notes").notNull().default(""),
    // The customer message it came from, shortened.
    quote: text("quote").notNull().default(""),
    status: text("status", { enum: proposalStatuses }).notNull().default("open"),
    // A booking kind: the booking it became (or already was) when accepted. A change: the booking it changes.
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    // What the customer asked for. A change's `service` is its booking's; `date`/`time` are the new time of a
    // reschedule, the booking's own for late and cancel; `fromDate`/`fromTime` the booking's time when proposed.
    kind: text("kind", { enum: proposalKinds }).notNull().default("booking"),
    fromDate: text("from_date"),
    fromTime: text("from_time"),
    // Late: the minutes the customer said (null: not said).
    lateMinutes: integer("late_minutes"),
    createdAt: createdAt(),
  },
  (t) => [
    // The open proposals of a business, newest first.
    index("proposals_business_status_created").on(t.businessId, t.status, t.createdAt),
    // The same booking (service ignoring case, as Sync's save compares it) is proposed once, whatever became of it;
    // so is the same change of one (a reschedule to one time, a lateness, a cancellation).
    uniqueIndex("proposals_business_booking").on(
      t.businessId,
      t.clientPhone,
      sql`lower(${t.service})`,
      t.date,
      t.time,
      t.kind,
    ),
  ],
);

/** open: waits for the owner; sent: queued to the customer; dismissed: the owner said no; withdrawn: the owner answered in the chat, or a newer ask replaced it. */
export const draftStatuses = ["open", "sent", "dismissed", "withdrawn"] as const;
export type DraftStatus = (typeof draftStatuses)[number];

/** A reply drafted for a customer who asked for free time: free slots from the calendar, waiting for the owner's Send or Dismiss. */
export const drafts = sqliteTable(
  "drafts",
  {
    id: id(),
    businessId: businessId(),
    chatId: text("chat_id").notNull(),
    clientName: text("client_name").notNull().default(""),
    // E.164 digits without the plus, as clients.phone stores them.
    clientPhone: text("client_phone").notNull(),
    // The customer's words, shortened.
    question: text("question").notNull().default(""),
    service: text("service"),
    // The customer's language: the text's, and the one a re-drafted text keeps.
    lang: text("lang", { enum: ["en", "he"] })
      .notNull()
      .default("en"),
    text: text("text").notNull(),
    // JSON [{date, time}]: the free slots the text offers (local, the business's zone).
    slots: text("slots").notNull().default("[]"),
    // The day the customer asked for (local YYYY-MM-DD); null: no day ("anything sooner").
    askedDate: text("asked_date"),
    status: text("status", { enum: draftStatuses }).notNull().default("open"),
    createdAt: createdAt(),
    decidedAt: integer("decided_at"),
    // The business-local day (YYYY-MM-DD) it was sent by itself (Answer for me); null when the owner sent it or it was not sent.
    autoDay: text("auto_day"),
  },
  (t) => [
    // The open drafts of a business, newest first.
    index("drafts_business_status_created").on(t.businessId, t.status, t.createdAt),
    // A chat's open draft (withdrawn when the owner writes there).
    index("drafts_business_chat_status").on(t.businessId, t.chatId, t.status),
    // A chat's automatic answers of a day (at most AUTO_ANSWERS_PER_DAY).
    index("drafts_business_chat_auto_day").on(t.businessId, t.chatId, t.autoDay),
  ],
);

/** A browser (phone) of the owner that accepts Web Push notifications: its push subscription. */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    businessId: businessId(),
    // The push service's URL for this browser; unique, so subscribing twice keeps one row.
    endpoint: text("endpoint").notNull().unique(),
    // The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption.
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    // The language the notifications are written in: the owner's screen language when subscribing.
    lang: text("lang", { enum: ["en", "he"] })
      .notNull()
      .default("en"),
    // The sign-in session that turned notifications on: a password change keeps the caller's own device only.
    sessionHash: text("session_hash"),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_business").on(t.businessId)],
);

export const holdStates = ["open", "awaiting_owner", "confirmed", "declined", "expired"] as const;
export type HoldState = (typeof holdStates)[number];

/**
 * A booking made on the public booking page: its short code, what the customer
 * typed (the phone is only a hint: the booking goes to whoever sends the code
 * on WhatsApp), and until when it holds its time. "open": waiting for the
 * customer's message; "awaiting_owner": confirmed by the customer, waiting for
 * the owner (booking_owner_confirms); "confirmed"; "declined": by the owner;
 * "expired": not confirmed in time.
 */
export const bookingHolds = sqliteTable(
  "booking_holds",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    businessId: businessId(),
    code: text("code").notNull(),
    state: text("state", { enum: holdStates }).notNull().default("open"),
    name: text("name").notNull(),
    phoneHint: text("phone_hint").notNull(),
    // The typed phone was nobody's yet: its client row goes when the hold does.
    hintClientCreated: integer("hint_client_created", { mode: "boolean" }).notNull().default(false),
    lang: text("lang", { enum: ["en", "he"] })
      .notNull()
      .default("en"),
    expiresAt: integer("expires_at").notNull(),
    confirmedPhone: text("confirmed_phone"),
    confirmedAt: integer("confirmed_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("booking_holds_open_code")
      .on(t.businessId, t.code)
      .where(sql`${t.state} = 'open'`),
    index("booking_holds_state_expires").on(t.state, t.expiresAt),
    index("booking_holds_business_phone").on(t.businessId, t.phoneHint, t.state),
  ],
);

/**
 * Freed slots: a booking cancelled while its time was still ahead. Open until
 * the slot starts (starts_at, unix ms) unless taken (taken_at). The
 * candidates are worked out when read (services/openings).
 */
export const openings = sqliteTable(
  "openings",
  {
    id: id(),
    businessId: businessId(),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    openingDate: text("opening_date").notNull(),
    openingTime: text("opening_time").notNull(),
    service: text("service").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    memberId: text("member_id").references(() => members.id, { onDelete: "set null" }),
    startsAt: integer("starts_at").notNull(),
    takenAt: integer("taken_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // One opening per cancelled booking (a repeated cancel records nothing new).
    uniqueIndex("openings_booking").on(t.bookingId),
    // A business's open ones, soonest first.
    index("openings_business_starts").on(t.businessId, t.startsAt),
  ],
);

export const offerAnswers = ["booked", "taken"] as const;

/**
 * A freed slot offered to one client (POST /api/openings/{id}/offer): once per
 * client, open until ends_at (2 hours, or the slot's start if sooner). The
 * client's answer is recorded once: "booked" (the first "1", which made
 * booking_id) or "taken" (a later "1", told it was just taken).
 */
export const openingOffers = sqliteTable(
  "opening_offers",
  {
    id: id(),
    businessId: businessId(),
    openingId: text("opening_id")
      .notNull()
      .references(() => openings.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    // E.164 digits when offered (the message's recipient).
    phone: text("phone").notNull(),
    // The offer's scheduled message.
    messageId: text("message_id").notNull(),
    // The offer's language (the client's last ask's, else the business's); the answers follow it.
    lang: text("lang", { enum: ["en", "he"] })
      .notNull()
      .default("en"),
    offeredAt: integer("offered_at").notNull(),
    endsAt: integer("ends_at").notNull(),
    answeredAt: integer("answered_at"),
    answer: text("answer", { enum: offerAnswers }),
    replyMessageId: text("reply_message_id"),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
  },
  (t) => [
    // Offered once per client (a second offer is a 409).
    uniqueIndex("opening_offers_client").on(t.openingId, t.clientId),
    // A client's open offers, when their "1" arrives.
    index("opening_offers_business_client").on(t.businessId, t.clientId, t.endsAt),
  ],
);
