// The Connect tab: the business's WhatsApp session. The loader reads it (and
// is what the panel polls every 2 s, with a fetcher); the action runs the
// panel's buttons by intent.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  useLoaderData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { requireUser } from "~/security/signed-in.server";
import { ACTION_FAILED } from "~/services/whatsapp/session-view";
import { ConnectPanel } from "~/components/connect/connect-panel";
import { problem } from "~/utils/problem";
import { pageTitle } from "~/i18n";
import { connectAction, heldQrOf, readSession, type ConnectActionResult, type ConnectIntent } from "./connect.server";
import { pauseAction, safetyView, type PauseAnswer } from "./safety.server";
import { SafetyPanel } from "~/components/connect/safety-panel";
import styles from "~/styles/connect.css?url";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { isNavigationOrHttp } from "~/components/ui/lost-request";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "dash.tab.connect")];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const { user, business } = await requireUser(request, context);
  const url = new URL(request.url);
  const session = await readSession(env, business.id, heldQrOf(url));
  // Number safety's card is read with the page, not with every 2 s poll.
  const safety = url.searchParams.has("poll") ? null : await safetyView(env, business, Date.now());
  return { profile: { name: user.name || business.name, business_id: business.id }, session, safety };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const { business } = await requireUser(request, context);
  const form = await request.formData();
  if (form.get("intent") === "pause") return pauseAction(env, business, form);
  return connectAction(env, business.id, form);
}

/**
 * A poll (`?poll=1`) that never reached the server answers null: the panel
 * says 'Error checking session' and keeps trying, instead of leaving the page.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  if (!new URL(request.url).searchParams.has("poll")) return serverLoader<typeof loader>();
  try {
    return await serverLoader<typeof loader>();
  } catch (error) {
    if (isNavigationOrHttp(error)) throw error;
    return null;
  }
}

/**
 * A button whose request never reached the server gets the spec's failure
 * text; answered as a failure (503), so nothing revalidates over a dead network.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = (await request.clone().formData()).get("intent") as ConnectIntent | "pause" | null;
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (isNavigationOrHttp(error)) throw error;
    if (intent === "pause")
      return Response.json({ ok: false, intent, problem: problem("safety.pause.failed") } satisfies PauseAnswer, {
        status: 503,
      });
    const failed: ConnectActionResult = {
      ok: false,
      intent,
      problem: problem(ACTION_FAILED[intent ?? "connect"] ?? "connect.err.createFailed"),
    };
    return Response.json(failed, { status: 503 });
  }
}

export default function ConnectTab() {
  const { profile, session, safety } = useLoaderData<typeof loader>();
  return (
    <>
      <ConnectPanel profile={profile} session={session} />
      {safety && <SafetyPanel safety={safety} />}
    </>
  );
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && (actionResult as { ok?: boolean }).ok === false ? false : defaultShouldRevalidate;

/** A failed load or a lost request keeps the header and tabs, with Try again. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary tab={{ title: "dash.tab.connect", failed: "access.error.tabFailed" }} />;
}
