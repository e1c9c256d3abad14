// /b/<slug>: the business's public booking page (issue 30). Plain HTML: the
// service, the day and the time are links (GET with query parameters), Book is
// a POST form, so it works the same with JavaScript off and on, and it loads no
// JavaScript at all. Its language is the business's message language, or the
// ?lang= switch (the root loader reads it: services/booking-link/page.server.ts).
// With a team, the customer may choose whom to book with ("Anyone" by default).
// Book holds the time as `pending` and answers "Confirm on WhatsApp" with the
// link to the salon's chat and its QR code.
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { createDb } from "~db";
import { useLang, useT, type Lang, type MessageKey } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import { Banner } from "~/components/form/banner";
import { Field } from "~/components/form/fields";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageView } from "~/services/booking-link/page.server";
import {
  createHold,
  hasWhatsAppNumber,
  pageBusiness,
  pageLang,
  TimeTaken,
} from "~/services/booking-link/public.server";
import { dayLabel } from "~/services/booking-link/texts.server";
import { clientIp } from "~/services/auth/rate-limit.server";
import { formatPrice, LOCALES } from "~/services/catalogue/money";
import { caught, type Problem } from "~/utils/problem";
import { qrSvg } from "~/utils/qr";
import { localTime } from "~/utils/time-zone";
import { isRealDate } from "~/utils/dates";
import { PublicBookingForm } from "~/validation/booking-link";
import { parseForm } from "~/validation/parse";
import styles from "~/styles/booking-page.css?url";

export const handle = { noScripts: true };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data: page }) => {
  if (!page) return [{ title: "404" }, { name: "robots", content: "noindex" }];
  return [
    { title: page.title },
    { name: "description", content: [page.business.name, page.business.city].filter(Boolean).join(", ") },
  ];
};

/** The page's business, or the 404 page (unknown slug, no slug, page off). */
async function openPage(env: Env, slug: string | undefined) {
  try {
    return await pageBusiness(createDb(env.DB), slug ?? "");
  } catch (error) {
    const { status } = caught(error);
    throw new Response(null, { status });
  }
}

const langOf = (asked: FormDataEntryValue | string | null, fallback: Lang): Lang =>
  asked === "en" || asked === "he" ? asked : fallback;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const business = await openPage(env, params.slug);
  const q = new URL(request.url).searchParams;
  const asked = q.get("lang") === "en" || q.get("lang") === "he" ? q.get("lang") : null;
  const lang = langOf(asked, pageLang(business));
  const choice = { service: q.get("service"), member: q.get("member"), date: q.get("date"), time: q.get("time") };
  const [view, hasNumber] = await Promise.all([
    pageView(createDb(env.DB), business, choice, lang, Date.now()),
    hasWhatsAppNumber(env, business),
  ]);
  return {
    ...view,
    hasNumber,
    slug: business.bookingSlug ?? "",
    asked,
    title: translator(lang)("booklink.page.title", { name: business.name }),
  };
}

type Values = { name: string; phone: string; notes: string };
/** Where a refusal of the service is shown: under its field, else above the form. */
const FIELD_OF: Record<string, keyof Values> = { "clients.err.phoneRule": "phone" };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const business = await openPage(env, params.slug);
  const form = await request.formData();
  const lang = langOf(form.get("lang"), pageLang(business));
  // A next free time offered after "This time was just taken" comes as one value.
  const slot = String(form.get("slot") ?? "");
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(slot)) {
    form.set("date", slot.slice(0, 10));
    form.set("time", slot.slice(11));
  }
  const values: Values = {
    name: String(form.get("name") ?? ""),
    phone: String(form.get("phone") ?? ""),
    notes: String(form.get("notes") ?? ""),
  };
  // What was being booked, so a refusal shows the form again under it.
  const [service, date, time, member] = ["service", "date", "time", "member_id"].map((k) => String(form.get(k) ?? ""));
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) && isRealDate(date) ? dayLabel(date, lang, "long") : date;
  const choice = {
    service,
    date,
    time,
    member,
    summary: translator(lang)("booklink.page.summary", { service, day, time }),
  };
  const submission = parseForm(form, PublicBookingForm);
  if (submission.status !== "success") {
    const errors = (submission.error ?? {}) as Record<string, Problem[] | null>;
    // The service, date or time (not fields of the form the customer sees) are told above the form.
    const other = Object.entries(errors).find(([name, list]) => !(name in values) && list?.length)?.[1]?.[0] ?? null;
    return data({ kind: "refused" as const, errors, problem: other, values, choice }, { status: 400 });
  }
  const input = submission.value;
  const now = Date.now();
  try {
    const hold = await createHold(env, business, input, clientIp(request), now);
    return data(
      {
        kind: "held" as const,
        confirmUrl: hold.confirm_url,
        code: hold.code,
        summary: { service: input.service, day: dayLabel(input.date, lang, "long"), time: input.time },
        holdMinutes: business.bookingHoldMinutes,
        until: localTime(now + business.bookingHoldMinutes * 60_000, business.timeZone),
        qr: hold.confirm_url ? `data:image/svg+xml;base64,${btoa(qrSvg(hold.confirm_url, 220))}` : null,
      },
      { status: 201 },
    );
  } catch (error) {
    if (error instanceof TimeTaken)
      return data(
        {
          kind: "taken" as const,
          problem: error.problem,
          slots: error.slots.map((s) => ({ ...s, label: `${dayLabel(s.date, lang, "short")} ${s.time}` })),
          service: input.service,
          member: input.member_id ?? "",
          values,
        },
        { status: 409 },
      );
    const refused = caught(error);
    const field = FIELD_OF[refused.problem.key];
    const errors: Record<string, Problem[]> = field ? { [field]: [refused.problem] } : {};
    return data(
      { kind: "refused" as const, errors, problem: field ? null : refused.problem, values, choice },
      { status: refused.status },
    );
  }
}

/** The page's own address with these choices (and the language switch when it was used). */
function href(slug: string, asked: string | null, choice: Record<string, string | null>, anchor = "") {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(choice)) if (v) q.set(k, v);
  if (asked) q.set("lang", asked);
  const s = q.toString();
  return `/b/${encodeURIComponent(slug)}${s ? `?${s}` : ""}${anchor}`;
}

export default function BookingPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  const lang = useLang();
  const { slug, asked } = page;
  return (
    <div className="bp">
      <header className="bp-head">
        <div>
          <h1>{page.business.name}</h1>
          {page.business.city && <p className="muted bp-city">{page.business.city}</p>}
        </div>
        <nav className="lang-toggle bp-lang" aria-label={t("booklink.page.language")}>
          <a href={href(slug, "en", {})} lang="en" aria-current={lang === "en" ? "true" : undefined}>
            EN
          </a>
          <a href={href(slug, "he", {})} lang="he" aria-current={lang === "he" ? "true" : undefined}>
            HE
          </a>
        </nav>
      </header>
      <main className="bp-main">
        {answer?.kind === "held" ? (
          <Held answer={answer} businessName={page.business.name} />
        ) : (
          <>
            <section aria-labelledby="bp-services">
              <h2 id="bp-services">{t("booklink.page.services")}</h2>
              <ul className="bp-list bp-services">
                {page.services.map((s) => (
                  <li key={s.name}>
                    <a
                      className="bp-service"
                      href={href(slug, asked, { service: s.name }, "#bp-days")}
                      aria-current={s.name === page.service ? "true" : undefined}
                    >
                      <span className="bp-service-name">{s.name}</span>
                      <span className="bp-service-facts">
                        {[
                          t("booklink.page.minutes", { n: s.duration_minutes }),
                          formatPrice(s.price_cents, page.business.currency, LOCALES[lang]),
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
            {page.service && <Choose page={page} />}
            {answer?.kind === "taken" ? (
              <BookForm
                slug={slug}
                asked={asked}
                service={answer.service}
                member={answer.member}
                values={answer.values}
                taken={{ problem: answer.problem, slots: answer.slots }}
              />
            ) : answer?.kind === "refused" ? (
              <BookForm
                slug={slug}
                asked={asked}
                service={answer.choice.service}
                member={answer.choice.member}
                date={answer.choice.date}
                time={answer.choice.time}
                summary={answer.choice.summary}
                values={answer.values}
                errors={answer.errors}
                problem={answer.problem}
              />
            ) : (
              page.service &&
              page.day &&
              page.time && (
                <BookForm
                  slug={slug}
                  asked={asked}
                  service={page.service}
                  member={page.member ?? ""}
                  memberName={page.members.find((m) => m.id === page.member)?.name}
                  date={page.day}
                  time={page.time}
                  summary={t("booklink.page.summary", {
                    service: page.service,
                    day: page.dayLabel ?? "",
                    time: page.time,
                  })}
                />
              )
            )}
          </>
        )}
      </main>
    </div>
  );
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * With a team, whom to book with ("Anyone" first and by default); the day
 * picker (days without a free time are shown, not chosen) and the chosen day's
 * free times, of the member chosen.
 */
function Choose({ page }: { page: PageData }) {
  const t = useT();
  const { slug, asked } = page;
  const member = page.member;
  const members = page.members.length > 1 && (
    <section aria-labelledby="bp-members-title" id="bp-members">
      <h2 id="bp-members-title">{t("booklink.page.members")}</h2>
      <ul className="bp-list bp-members">
        {[{ id: null, name: t("booklink.page.anyone") }, ...page.members].map((m) => (
          <li key={m.id ?? ""}>
            <a
              className="bp-member"
              href={href(slug, asked, { service: page.service, member: m.id }, "#bp-days")}
              aria-current={m.id === member ? "true" : undefined}
            >
              {m.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
  if (!page.day)
    return (
      <>
        {members}
        <Banner kind="info">{t("booklink.page.noTimes")}</Banner>
      </>
    );
  return (
    <>
      {members}
      <section aria-labelledby="bp-days-title" id="bp-days">
        <h2 id="bp-days-title">{t("booklink.page.days")}</h2>
        <ul className="bp-list bp-days">
          {page.days.map((d) => (
            <li key={d.date}>
              {d.free ? (
                <a
                  className="bp-day"
                  href={href(slug, asked, { service: page.service, member, date: d.date }, "#bp-times")}
                  aria-current={d.date === page.day ? "date" : undefined}
                >
                  {d.label}
                </a>
              ) : (
                <span className="bp-day" aria-disabled="true" title={t("booklink.page.dayFull", { day: d.label })}>
                  <span aria-hidden="true">{d.label}</span>
                  <span className="sr-only">{t("booklink.page.dayFull", { day: d.label })}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="bp-times-title" id="bp-times">
        <h2 id="bp-times-title">{t("booklink.page.times", { day: page.dayLabel ?? "" })}</h2>
        <ul className="bp-list bp-times">
          {page.times.map((time) => (
            <li key={time}>
              <a
                className="bp-time"
                href={href(slug, asked, { service: page.service, member, date: page.day, time }, "#bp-details")}
                aria-current={time === page.time ? "time" : undefined}
              >
                {time}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

type BookFormProps = {
  slug: string;
  asked: string | null;
  service: string;
  /** The member chosen ("": anyone), and their name for the summary. */
  member?: string;
  memberName?: string;
  date?: string;
  time?: string;
  summary?: string;
  values?: Values;
  errors?: Record<string, readonly Problem[] | null>;
  problem?: Problem | null;
  taken?: { problem: Problem; slots: { date: string; time: string; label: string }[] };
};

/** Name, phone, an optional note and the hidden field people leave empty; Book. After a refusal, the next free times to choose from. */
function BookForm({
  slug,
  asked,
  service,
  member = "",
  memberName,
  date,
  time,
  summary,
  values,
  errors,
  problem,
  taken,
}: BookFormProps) {
  const t = useT();
  const lang = useLang();
  // No WhatsApp number to confirm on (a page turned on with one that is gone since): Book sends a request the salon confirms.
  const { hasNumber, business } = useLoaderData<typeof loader>();
  const field = (name: keyof Values) => ({
    id: `bp-${name}`,
    name,
    defaultValue: values?.[name] ?? "",
    "aria-invalid": errors?.[name]?.length ? true : undefined,
    "aria-describedby": errors?.[name]?.length ? `bp-${name}-error` : undefined,
  });
  return (
    <section aria-labelledby="bp-details-title" id="bp-details" className="card bp-details">
      <h2 id="bp-details-title">{t("booklink.page.details")}</h2>
      <form
        method="post"
        action={href(
          slug,
          asked,
          { service, member: member || null, date: date ?? null, time: time ?? null },
          "#bp-details",
        )}
        noValidate
      >
        {taken ? (
          <>
            <Banner kind="error" testId="bp-taken">
              {t(taken.problem.key, taken.problem.params)}
            </Banner>
            {taken.slots.length > 0 && (
              <fieldset className="bp-next">
                <legend>{t("booklink.page.next")}</legend>
                {taken.slots.map((s, i) => (
                  <label key={`${s.date} ${s.time}`} className="bp-slot">
                    <input type="radio" name="slot" value={`${s.date} ${s.time}`} defaultChecked={i === 0} />
                    {s.label}
                  </label>
                ))}
              </fieldset>
            )}
          </>
        ) : (
          <>
            <p className="bp-summary">
              <strong>{summary}</strong>{" "}
              <a href={href(slug, asked, { service, member: member || null, date: date ?? null }, "#bp-times")}>
                {t("booklink.page.change")}
              </a>
            </p>
            {memberName && <p className="bp-with">{t("booklink.page.with", { name: memberName })}</p>}
            <input type="hidden" name="date" value={date} />
            <input type="hidden" name="time" value={time} />
            {problem && (
              <Banner kind="error" testId="bp-error">
                {t(problem.key, problem.params)}
              </Banner>
            )}
          </>
        )}
        <input type="hidden" name="service" value={service} />
        {member && <input type="hidden" name="member_id" value={member} />}
        <input type="hidden" name="lang" value={lang} />
        <Field id="bp-name" label={t("booklink.page.name")} errorId="bp-name-error" problems={errors?.name}>
          <input type="text" autoComplete="name" maxLength={100} {...field("name")} />
        </Field>
        <Field id="bp-phone" label={t("booklink.page.phone")} errorId="bp-phone-error" problems={errors?.phone}>
          <input type="tel" autoComplete="tel" dir="ltr" maxLength={30} {...field("phone")} />
        </Field>
        <Field id="bp-notes" label={t("booklink.page.notes")} errorId="bp-notes-error" problems={errors?.notes}>
          <textarea maxLength={500} {...field("notes")} />
        </Field>
        <div className="bp-trap" aria-hidden="true">
          <label htmlFor="bp-website">{t("booklink.page.trap")}</label>
          <input type="text" id="bp-website" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        {!hasNumber && (
          <p className="bp-request-note" data-testid="bp-request-note">
            {t("booklink.page.requestNote", { name: business.name })}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-lg btn-block">
          {t("booklink.page.book")}
        </button>
      </form>
    </section>
  );
}

type HeldAnswer = {
  /** null: the salon has no WhatsApp number, the booking waits for the owner (no WhatsApp step). */
  confirmUrl: string | null;
  code: string;
  summary: { service: string; day: string; time: string };
  holdMinutes: number;
  until: string;
  qr: string | null;
};

/**
 * "Confirm on WhatsApp": the button to the salon's chat with the message filled in, the hold time left, and the QR code for a computer.
 * A salon with no WhatsApp number: "Request sent", the booking waiting for the salon's answer, without the WhatsApp step.
 */
function Held({ answer, businessName }: { answer: HeldAnswer; businessName: string }) {
  const t = useT();
  if (!answer.confirmUrl || !answer.qr)
    return (
      <section className="card bp-held" aria-labelledby="bp-held-title" data-testid="bp-held">
        <h2 id="bp-held-title">{t("booklink.page.requestTitle")}</h2>
        <p className="bp-summary">
          <strong>{t("booklink.page.summary", answer.summary)}</strong>
        </p>
        <p>{t("booklink.page.requestBody", { name: businessName })}</p>
        <p className="muted small">{t("booklink.page.code", { code: answer.code })}</p>
      </section>
    );
  return (
    <section className="card bp-held" aria-labelledby="bp-held-title" data-testid="bp-held">
      <h2 id="bp-held-title">{t("booklink.page.confirmTitle")}</h2>
      <p className="bp-summary">
        <strong>{t("booklink.page.summary", answer.summary)}</strong>
      </p>
      <p>{t("booklink.page.confirmBody", { name: businessName })}</p>
      <a className="btn btn-primary btn-lg btn-block bp-wa" href={answer.confirmUrl}>
        {t("booklink.page.openWhatsApp")}
      </a>
      <p className="bp-hold">{t("booklink.page.holdLeft", { minutes: answer.holdMinutes, time: answer.until })}</p>
      <p className="muted small">{t("booklink.page.code", { code: answer.code })}</p>
      <div className="bp-qr">
        <img src={answer.qr} alt={t("booklink.page.qrAlt")} width={220} height={220} />
        <p className="muted small">{t("booklink.page.qr")}</p>
      </div>
    </section>
  );
}

/** An unknown link or a page turned off (404), or a failure: the page's own plain look, no links into the product. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: () => <PageProblem title="booklink.page.notFoundTitle" body="booklink.err.notFound" /> }}
      otherwise={() => <PageProblem title="error.title" body="error.body" />}
    />
  );
}

function PageProblem({ title, body }: { title: MessageKey; body: MessageKey }) {
  const t = useT();
  return (
    <main className="bp bp-main">
      <h1>{t(title)}</h1>
      <p>{t(body)}</p>
    </main>
  );
}
