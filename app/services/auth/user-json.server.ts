// The user object the spec's API returns: id, email, user_metadata, app_metadata.
import type { schema } from "~db";

type User = typeof schema.users.$inferSelect;
type Business = typeof schema.businesses.$inferSelect;

export function userJson(user: User, business: Business | null) {
  const providers = [...(user.passwordHash ? ["email"] : []), ...(user.googleSubject ? ["google"] : [])];
  return {
    id: user.id,
    email: user.email,
    user_metadata: {
      name: user.name,
      full_name: user.name,
      business_id: business?.id ?? null,
      business_name: business?.name ?? "",
      phone: business?.phone ?? "",
      city: business?.city ?? "",
      country: business?.country ?? "",
      timezone: business?.timeZone ?? "UTC",
      email_verified: user.emailVerifiedAt !== null,
    },
    app_metadata: { provider: providers[0] ?? "email", providers },
  };
}
