import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/security/signed-in.server";
import { businessSession } from "~/services/whatsapp/session.server";
import type { WaView } from "~/services/whatsapp/status";
import { waitingMessages } from "~/services/whatsapp/wa-status.server";
import { ConnectPanel } from "~/components/connect/connect-panel";
import styles from "~/styles/connect.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const { user, business } = await requireUser(request, env);
  let initial: (WaView & { waiting: number }) | null = null;
  try {
    const view = await businessSession(env, business.id).status(business.id);
    initial = { ...view, waiting: await waitingMessages(env, business.id, Date.now()) };
  } catch (error) {
    // The gateway may be down; the panel shows the error and keeps trying.
    console.error("Error checking session", error);
  }
  return { profile: { name: user.name || business.name, business_id: business.id }, initial };
}

export default function ConnectTab() {
  const { profile, initial } = useLoaderData<typeof loader>();
  return <ConnectPanel profile={profile} initial={initial} />;
}
