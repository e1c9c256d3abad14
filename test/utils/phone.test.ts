import { describe, expect, it } from "vitest";
import { checkPhoneInput, formatPhone, normalizePhone, whatsappLink } from "../../app/utils/phone";

describe("normalizePhone", () => {
  it("stores the same person typed two ways as one E.164 number (business in Israel)", () => {
    for (const typed of [
      "054-123-4567",
      "0541234567",
      "+972 54 123 4567",
      "+972541234567",
      "972541234567",
      " (054) 123.4567 ",
    ]) {
      expect(normalizePhone(typed, "IL")).toEqual({ ok: true, digits: "972541234567" });
    }
  });

  it("uses the business's country as the default region", () => {
    expect(normalizePhone("4155552671", "US")).toEqual({ ok: true, digits: "14155552671" });
    expect(normalizePhone("07911 123456", "GB")).toEqual({ ok: true, digits: "447911123456" });
    expect(normalizePhone("030 1234567", "de")).toEqual({ ok: true, digits: "49301234567" });
  });

  it("recognises an international number written without its + (as WhatsApp ids are)", () => {
    expect(normalizePhone("4917611111111", "IL")).toEqual({ ok: true, digits: "4917611111111" });
    expect(normalizePhone("+4917611111111", "IL")).toEqual({ ok: true, digits: "4917611111111" });
  });

  it("keeps a number it cannot place as the digits typed", () => {
    expect(normalizePhone("123456", "IL")).toEqual({ ok: true, digits: "123456" });
    expect(normalizePhone("0541234567", "")).toEqual({ ok: true, digits: "0541234567" });
    expect(normalizePhone("+12345", "IL")).toEqual({ ok: true, digits: "12345" });
  });

  it("applies the spec's input rule: digits with an optional leading +, at least 6", () => {
    for (const bad of ["", "12345", "abcdefg", "05412x4567", "++972541234567", "972+541234567", "+"]) {
      expect(normalizePhone(bad, "IL")).toEqual({ ok: false, key: "clients.err.phoneRule" });
    }
    expect(normalizePhone("1".repeat(21), "IL")).toEqual({ ok: false, key: "clients.err.phoneTooLong" });
    expect(checkPhoneInput("123456")).toBeNull();
  });
});

describe("formatPhone and whatsappLink", () => {
  it("shows stored digits in international format", () => {
    expect(formatPhone("972541234567")).toBe("+972 54 123 4567");
    expect(formatPhone("14155552671")).toBe("+1 415 555 2671");
    expect(formatPhone("123456")).toBe("123456");
  });

  it("links to a WhatsApp chat with the number", () => {
    expect(whatsappLink("972541234567")).toBe("https://wa.me/972541234567");
  });
});
