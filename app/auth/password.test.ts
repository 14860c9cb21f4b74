import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server.ts";

describe("argon2id password hashing", () => {
  it("produces an argon2id PHC string with the chosen costs and a random salt", async () => {
    const a = await hashPassword("secreto123");
    const b = await hashPassword("secreto123");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("secreto123");
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const h = await hashPassword("contraseña-ñ");
    expect(await verifyPassword(h, "contraseña-ñ")).toBe(true);
    expect(await verifyPassword(h, "contrasena-n")).toBe(false);
    expect(await verifyPassword(h, "")).toBe(false);
  });

  it("returns false for a malformed hash instead of throwing", async () => {
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });
});
