// The Clients tab's Import modal posts its file here (preview, then save):
// its own route, so only this path accepts a body the size of a file.
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/security/signed-in.server";
import { importAction } from "./import.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const { business } = await requireUser(request, context);
  return await importAction({ env, now: Date.now() }, business, await request.formData());
}

export const loader = () => redirect("/dashboard/clients");

/** A failed load or a lost request keeps the header and tabs, with Try again. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary tab={{ title: "import.title", failed: "access.error.tabFailed" }} />;
}
