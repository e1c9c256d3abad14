// The caller-side helper for the business's Durable Object.
export function businessSession(env: Env, businessId: string) {
  return env.BUSINESS_SESSION.get(env.BUSINESS_SESSION.idFromName(businessId));
}
