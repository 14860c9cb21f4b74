import { describe, expect, it } from "vitest";
import { newNonce } from "./security.ts";

describe("newNonce", () => {
  it("gives 128 bits in base64, never the same twice across many pool refills", () => {
    const seen = new Set<string>();
    // 2,000 nonces: the 4 KB pool is refilled seven times.
    for (let i = 0; i < 2000; i++) {
      const nonce = newNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(2000);
  });

  it("hands out different bytes from one nonce to the next (no stuck offset, no zeros)", () => {
    const bytes = Array.from({ length: 300 }, () => Buffer.from(newNonce(), "base64"));
    const zeros = bytes.filter((b) => b.every((x) => x === 0));
    expect(zeros).toHaveLength(0);
    // Every byte value shows up somewhere in 4,800 random bytes (chance of a miss ~1e-6).
    const values = new Set(bytes.flatMap((b) => [...b]));
    expect(values.size).toBe(256);
  });
});
