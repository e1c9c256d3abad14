// RELIABILITY: PBKDF2-SHA256 at exactly 100,000 iterations, algorithm and
// iterations stored with the hash, and never above the production cap.
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "../../app/services/auth/password-hash.server";
import { callJson, registeredUser, row } from "../support/accounts";

afterEach(() => vi.restoreAllMocks());

/** Workers in production throw NotSupportedError above 100,000 iterations; local workerd does not, so we do it here. */
function enforceProductionCap() {
  const real = crypto.subtle.deriveBits.bind(crypto.subtle);
  const seen: number[] = [];
  vi.spyOn(crypto.subtle, "deriveBits").mockImplementation(async (algorithm, key, length) => {
    const iterations = (algorithm as Pbkdf2Params).iterations;
    seen.push(iterations);
    if (iterations > 100_000)
      throw new DOMException("Pbkdf2 failed: iteration counts above 100000 are not supported", "NotSupportedError");
    return real(algorithm, key, length);
  });
  return seen;
}

describe("password hashing", () => {
  it("stores pbkdf2-sha256 with its iteration count (100,000), a 16-byte salt and a 32-byte hash", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const stored = await hashPassword("correct horse");
    const [algorithm, iterations, salt, hash] = stored.split("$");
    expect(algorithm).toBe("pbkdf2-sha256");
    expect(iterations).toBe("100000");
    expect(salt).toHaveLength(22);
    expect(hash).toHaveLength(43);
    expect(await hashPassword("correct horse")).not.toBe(stored);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsf", stored)).toBe(false);
  });

  it("registers, signs in and changes a password through the API under the production cap", async () => {
    const seen = enforceProductionCap();
    const owner = await registeredUser();
    const change = await callJson(
      "/api/settings/change-password",
      { current_password: owner.password, new_password: "brand-new-1" },
      { token: owner.token },
    );
    expect(change.status).toBe(200);
    const again = await callJson("/api/auth/login", { email: owner.email, password: "brand-new-1" });
    expect(again.status).toBe(200);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...seen)).toBe(100_000);
    const user = await row<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = ?", owner.email);
    expect(user?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
  });

  it("refuses a stored hash above the cap without ever deriving it", async () => {
    const seen = enforceProductionCap();
    const stored = (await hashPassword("pw-123456")).replace("$100000$", "$200000$");
    seen.length = 0;
    expect(await verifyPassword("pw-123456", stored)).toBe(false);
    expect(seen).toEqual([]);
    expect(await verifyPassword("pw-123456", "md5$1$abc$def")).toBe(false);
    expect(await verifyPassword("pw-123456", null)).toBe(false);
  });
});
