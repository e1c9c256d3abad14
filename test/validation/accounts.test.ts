// The account forms' schemas as the browser and the screen actions run them
// (conform's parse of FormData): the spec's first error, in its order, and
// each problem on the field it is about.
import { describe, expect, it } from "vitest";
import {
  LoginSchema,
  MessagingFormSchema,
  PasswordChangeFormSchema,
  profileFormSchema,
  RegistrationFormSchema,
  ResetFormSchema,
  VerifyCodeSchema,
} from "../../app/validation/accounts";
import { firstFormProblem, parseForm } from "../../app/validation/parse";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

function failure(submission: ReturnType<typeof parseForm>) {
  if (submission.status === "success") throw new Error("expected a failure");
  return {
    first: firstFormProblem(submission.error).key,
    fields: Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0]?.key])),
  };
}

const registration = {
  name: "Dana Levi",
  business_name: "Dana Hair",
  country: "IL",
  country_text: "Israel",
  phone: "0521234567",
  city: "",
  email: "dana@example.com",
  password: "dana-pass-1",
  confirm_password: "dana-pass-1",
  agree_terms: "on",
  timezone: "Asia/Jerusalem",
};

describe("the registration form", () => {
  it("reports the spec's first error, then each field's own", () => {
    const steps: [Record<string, string>, string][] = [
      [{ name: "" }, "validate.name"],
      [{ business_name: "  " }, "validate.business"],
      [{ country: "", country_text: "" }, "validate.country"],
      [{ phone: "" }, "validate.phone"],
      [{ email: "" }, "validate.email"],
      [{ password: "" }, "validate.password"],
      [{ confirm_password: "" }, "validate.confirm"],
      [{ email: "no spaces@example.com" }, "validate.emailPattern"],
      [{ phone: "052-123" }, "validate.phoneDigits"],
      [{ confirm_password: "other-pass-1" }, "validate.mismatch"],
      [{ agree_terms: "" }, "validate.terms"],
      [{ password: "12345", confirm_password: "12345" }, "validate.passwordMin"],
      [{ country: "", country_text: "Narnia" }, "validate.countryUnknown"],
      [{ timezone: "Nowhere/Land" }, "validate.timezone"],
    ];
    for (let i = 0; i < steps.length; i++) {
      const fields = {
        ...registration,
        ...Object.assign(
          {},
          ...steps
            .slice(i)
            .reverse()
            .map(([f]) => f),
        ),
      };
      expect(failure(parseForm(form(fields), RegistrationFormSchema)).first, steps[i][1]).toBe(steps[i][1]);
    }
    const all = failure(
      parseForm(
        form({ ...registration, name: "", phone: "12-3", confirm_password: "x", agree_terms: "" }),
        RegistrationFormSchema,
      ),
    );
    expect(all.fields).toEqual({
      name: "validate.name",
      phone: "validate.phoneDigits",
      confirm_password: "validate.mismatch",
      agree_terms: "validate.terms",
    });
  });

  it("takes a typed country name when none was chosen, and answers the values the service stores", () => {
    const parsed = parseForm(
      form({ ...registration, country: "", country_text: "ישראל", email: " Dana@Example.com ", timezone: "" }),
      RegistrationFormSchema,
    );
    expect(parsed.status).toBe("success");
    if (parsed.status === "success")
      expect(parsed.value).toMatchObject({
        country: "IL",
        email: "dana@example.com",
        timezone: "UTC",
        agree_updates: false,
      });
  });
});

describe("the other account forms", () => {
  it("login: one message, on each empty field", () => {
    expect(failure(parseForm(form({ email: "", password: "" }), LoginSchema)).fields).toEqual({
      email: "login.required",
      password: "login.required",
    });
    expect(failure(parseForm(form({ email: "a@b.co", password: "" }), LoginSchema)).fields).toEqual({
      password: "login.required",
    });
  });

  it("the code step: the code first, then the address", () => {
    expect(failure(parseForm(form({ code: "", email: "" }), VerifyCodeSchema)).first).toBe("verify.required");
    expect(failure(parseForm(form({ code: "12a456", email: "a@b.co" }), VerifyCodeSchema)).first).toBe("code.format");
    expect(failure(parseForm(form({ code: "123456", email: "" }), VerifyCodeSchema)).first).toBe("validate.email");
  });

  it("reset: the new password, its confirmation, then the token", () => {
    expect(failure(parseForm(form({ new_password: "", confirm_password: "", token: "" }), ResetFormSchema)).first).toBe(
      "reset.required",
    );
    expect(
      failure(parseForm(form({ new_password: "new-one-1", confirm_password: "new-one-2", token: "" }), ResetFormSchema))
        .first,
    ).toBe("validate.mismatch");
    expect(
      failure(parseForm(form({ new_password: "new-one-1", confirm_password: "new-one-1", token: "" }), ResetFormSchema))
        .first,
    ).toBe("reset.missingToken");
    expect(
      failure(
        parseForm(form({ new_password: "short", confirm_password: "short", token: "t".repeat(43) }), ResetFormSchema),
      ).first,
    ).toBe("validate.passwordMin");
  });

  it("change password: all required, then the match, then the length; passwords are not trimmed", () => {
    const change = (current: string, next: string, confirm: string) =>
      parseForm(
        form({ current_password: current, new_password: next, confirm_password: confirm }),
        PasswordChangeFormSchema,
      );
    expect(failure(change("", "abcdef", "")).fields).toEqual({
      current_password: "password.allRequired",
      confirm_password: "password.allRequired",
    });
    expect(failure(change("old-pass", "abcdef", "abcdeg")).first).toBe("password.mismatch");
    expect(failure(change("old-pass", "abc", "abc")).first).toBe("password.min");
    const kept = change(" old ", " new-pass ", " new-pass ");
    expect(kept.status === "success" && kept.value).toEqual({
      current_password: " old ",
      new_password: " new-pass ",
      confirm_password: " new-pass ",
    });
  });

  it("settings: the registration form's words, the e-mail fixed, and the message settings", () => {
    const profile = {
      name: "Noa",
      email: "noa@example.com",
      business_name: "Nails",
      phone: "0501112222",
      city: "",
      country: "IL",
      timezone: "Asia/Jerusalem",
      send_time: "10:00",
    };
    const schema = profileFormSchema("noa@example.com");
    expect(failure(parseForm(form({ ...profile, email: "other@example.com", name: "" }), schema)).first).toBe(
      "settings.emailFixed",
    );
    expect(failure(parseForm(form({ ...profile, country: "", country_text: "Atlantis" }), schema)).first).toBe(
      "validate.countryUnknown",
    );
    expect(failure(parseForm(form({ ...profile, send_time: "25:00" }), schema)).fields).toEqual({
      send_time: "settings.badSendTime",
    });
    expect(failure(parseForm(form({ ...profile, message_retention_days: "3e2" }), schema)).first).toBe(
      "settings.badRetention",
    );
    const saved = parseForm(
      form({ ...profile, name: " Noa B ", message_retention_days: "30", agree_updates: "on" }),
      schema,
    );
    expect(saved.status === "success" && saved.value).toMatchObject({
      name: "Noa B",
      country: "IL",
      message_retention_days: 30,
      agree_terms: false,
      agree_updates: true,
    });

    const messaging = {
      message_language: "he",
      pause_between_messages: "10",
      quiet_hours_start: "22:00",
      quiet_hours_end: "07:30",
    };
    expect(failure(parseForm(form({ ...messaging, pause_between_messages: "" }), MessagingFormSchema)).first).toBe(
      "messaging.err.pause",
    );
    expect(failure(parseForm(form({ ...messaging, quiet_hours_end: "24:00" }), MessagingFormSchema)).fields).toEqual({
      quiet_hours_end: "messaging.err.quiet",
    });
    const ok = parseForm(form(messaging), MessagingFormSchema);
    expect(ok.status === "success" && ok.value).toEqual({
      message_language: "he",
      pause_between_messages: 10,
      quiet_hours_start: "22:00",
      quiet_hours_end: "07:30",
    });
  });
});
