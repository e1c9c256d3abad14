import { describe, expect, it } from "vitest";
import {
  base64ToBytes,
  base64UrlDecode,
  base64UrlDecodeOrNull,
  base64UrlEncode,
  bytesToBase64,
} from "../../app/utils/base64";

const bytes = (...b: number[]) => new Uint8Array(b);

describe("base64 and base64url", () => {
  it("encodes as RFC 4648 says, url-safe and unpadded for base64url", () => {
    expect(bytesToBase64(bytes(0xfb, 0xff, 0xfe))).toBe("+//+");
    expect(base64UrlEncode(bytes(0xfb, 0xff, 0xfe))).toBe("-__-");
    expect(bytesToBase64(bytes(1))).toBe("AQ==");
    expect(base64UrlEncode(bytes(1))).toBe("AQ");
    expect(base64UrlEncode(bytes(1).buffer)).toBe("AQ");
  });

  it("decodes base64url with or without padding, and refuses anything else", () => {
    expect([...base64UrlDecode("-__-")]).toEqual([0xfb, 0xff, 0xfe]);
    expect([...base64UrlDecode("AQ")]).toEqual([1]);
    expect([...base64UrlDecode("AQ==")]).toEqual([1]);
    expect(() => base64UrlDecode("+//+")).toThrow();
    expect(() => base64UrlDecode("A")).toThrow();
    expect(base64UrlDecodeOrNull("a.b")).toBeNull();
    expect(base64UrlDecodeOrNull("")).toEqual(new Uint8Array());
  });

  it("round-trips a QR-sized image (more bytes than one String.fromCharCode call takes)", () => {
    const big = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
    expect(base64ToBytes(bytesToBase64(big))).toEqual(big);
    expect(base64UrlDecode(base64UrlEncode(big))).toEqual(big);
  });
});
