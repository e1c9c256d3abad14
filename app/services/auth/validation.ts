// Form rules shared by the screens (checked in the browser before sending)
// and the server (checked again, since a request can come from anywhere).
// The order and the English words are the spec's.
import type { MessageKey } from "~/i18n";

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 6;
export const LIMITS = { name: 200, business: 200, city: 100, email: 254, password: 200, phone: 20, code: 6 } as const;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export type RegistrationInput = {
  name: string;
  business_name: string;
  /** Alpha-2 code once chosen; empty while nothing matches. */
  country: string;
  phone: string;
  email: string;
  password: string;
  /** Absent for API clients: the spec's payload has no confirmation. */
  confirm_password?: string;
  city: string;
  agree_terms: boolean;
};

export function validateRegistration(f: RegistrationInput): MessageKey | null {
  const filled = (v: string) => v.trim().length > 0;
  if (!filled(f.name)) return "validate.name";
  if (!filled(f.business_name)) return "validate.business";
  if (!filled(f.country)) return "validate.country";
  if (!filled(f.phone)) return "validate.phone";
  if (!filled(f.email)) return "validate.email";
  if (!f.password) return "validate.password";
  if (f.confirm_password !== undefined && !f.confirm_password) return "validate.confirm";
  if (!EMAIL_PATTERN.test(f.email.trim())) return "validate.emailPattern";
  if (!/^\d+$/.test(f.phone.trim())) return "validate.phoneDigits";
  if (f.confirm_password !== undefined && f.password !== f.confirm_password) return "validate.mismatch";
  if (!f.agree_terms) return "validate.terms";
  // Beyond the spec's list, checked last so its order stays intact.
  if (f.password.length < PASSWORD_MIN) return "validate.passwordMin";
  return tooLong(f);
}

function tooLong(f: { name?: string; business_name?: string; city?: string; email?: string; password?: string; phone?: string }): MessageKey | null {
  if ((f.name ?? "").trim().length > LIMITS.name) return "validate.nameLong";
  if ((f.business_name ?? "").trim().length > LIMITS.business) return "validate.businessLong";
  if ((f.city ?? "").trim().length > LIMITS.city) return "validate.cityLong";
  if ((f.email ?? "").trim().length > LIMITS.email) return "validate.emailLong";
  if ((f.password ?? "").length > LIMITS.password) return "validate.passwordLong";
  if ((f.phone ?? "").trim().length > LIMITS.phone) return "validate.phoneLong";
  return null;
}

export function validateLogin(email: string, password: string): MessageKey | null {
  if (!email.trim() || !password) return "login.required";
  return null;
}

export function validateEmailOnly(email: string): MessageKey | null {
  if (!email.trim()) return "forgot.required";
  if (!EMAIL_PATTERN.test(email.trim()) || email.trim().length > LIMITS.email) return "validate.emailPattern";
  return null;
}

export function validateCode(code: string): MessageKey | null {
  if (!code.trim()) return "verify.required";
  if (!/^\d{6}$/.test(code.trim())) return "code.format";
  return null;
}

/** The reset screen: new password, its confirmation, then the token from the link. */
export function validateReset(password: string, confirm: string | undefined, hasToken: boolean): MessageKey | null {
  if (!password) return "reset.required";
  if (confirm !== undefined && password !== confirm) return "validate.mismatch";
  if (!hasToken) return "reset.missingToken";
  if (password.length < PASSWORD_MIN) return "validate.passwordMin";
  if (password.length > LIMITS.password) return "validate.passwordLong";
  return null;
}

export function validatePasswordChange(current: string, next: string, confirm: string | undefined): MessageKey | null {
  if (!current || !next || (confirm !== undefined && !confirm)) return "password.allRequired";
  if (confirm !== undefined && next !== confirm) return "password.mismatch";
  if (next.length < PASSWORD_MIN) return "password.min";
  if (next.length > LIMITS.password || current.length > LIMITS.password) return "validate.passwordLong";
  return null;
}

export type ProfileInput = { name: string; business_name: string; phone: string; city: string; country: string };

/** Settings: the same words as registration for the same fields. */
export function validateProfile(f: ProfileInput): MessageKey | null {
  if (!f.name.trim()) return "validate.name";
  if (!f.business_name.trim()) return "validate.business";
  if (!f.country.trim()) return "validate.country";
  if (!f.phone.trim()) return "validate.phone";
  if (!/^\d+$/.test(f.phone.trim())) return "validate.phoneDigits";
  return tooLong(f);
}

export const SEND_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
