// The business's currency on any dashboard tab: the dashboard layout's loader sends it.
import { useRouteLoaderData } from "@remix-run/react";
import { FALLBACK_CURRENCY } from "~/services/catalogue/money";

export function useCurrency(): string {
  const data = useRouteLoaderData<{ business?: { currency?: string } }>("routes/dashboard");
  return data?.business?.currency ?? FALLBACK_CURRENCY;
}
