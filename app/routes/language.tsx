import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { LANG_COOKIE, parseLang } from "~/i18n";
import { safeRedirect } from "~/security/redirect";

/** The EN/HE toggle: a display choice remembered by this browser in a cookie. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const lang = parseLang(String(form.get("lang") ?? ""));
  const back = new URL(request.url).searchParams.get("redirectTo") ?? String(form.get("redirectTo") ?? "/");
  return redirect(safeRedirect(back, "/"), {
    headers: { "Set-Cookie": `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax` },
  });
}

export async function loader() {
  return redirect("/");
}
