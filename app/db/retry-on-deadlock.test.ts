import { describe, expect, it } from "vitest";
import { retryOnDeadlock } from "./db.server.ts";

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe("retryOnDeadlock", () => {
  it("runs the transaction again after a deadlock or serialization failure", async () => {
    let calls = 0;
    const result = await retryOnDeadlock(async () => {
      calls++;
      if (calls === 1) throw pgError("40P01");
      if (calls === 2) throw pgError("40001");
      return "paid";
    });
    expect(result).toBe("paid");
    expect(calls).toBe(3);
  });

  it("gives up after the last attempt and never retries other errors", async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw pgError("40P01");
      }, 2),
    ).rejects.toThrow("40P01");
    expect(calls).toBe(2);
    calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw pgError("23505");
      }),
    ).rejects.toThrow("23505");
    expect(calls).toBe(1);
  });
});
