import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { dirOf, langFromRequest, metaTranslator, type Lang } from "~/i18n";
import { dictionaryTexts } from "~/i18n/messages.server";
import { bookingPageLang } from "~/services/booking-link/page.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useNonce } from "~/components/nonce";
import styles from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

// A route with its own meta replaces this one: /login and /register give their own description.
export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [
    { title: `${t("app.name")}: ${t("app.tagline")}` },
    { name: "description", content: t("landing.meta.description") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The public booking page speaks the business's language (or its own switch's), not the reader's cookie.
  const lang = (await bookingPageLang(request, context.cloudflare.env)) ?? langFromRequest(request);
  // Only this language's texts go to the page.
  return { lang, messages: dictionaryTexts[lang] };
}

/** The language (and so the dictionary) changes only through the language switch: other navigations keep them. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.startsWith("/language") ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const lang: Lang = data?.lang ?? "en";
  const nonce = useNonce();
  // A page that works as plain HTML (the public booking page) loads no JavaScript at all.
  const scripts = !useMatches().some((m) => (m.handle as { noScripts?: boolean } | undefined)?.noScripts);
  return (
    <html lang={lang} dir={dirOf(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-title" content="Chatbook" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {scripts && <ScrollRestoration nonce={nonce} />}
        {scripts && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
