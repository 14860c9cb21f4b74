import { describe, expect, it } from "vitest";
import { ttlMemo } from "./ttl-memo.server.ts";

describe("ttlMemo", () => {
  it("serves one read for the time given, per owner and key, then reads again", async () => {
    const memo = ttlMemo<object, number>(60_000);
    const db = {};
    let reads = 0;
    const read = async () => ++reads;
    expect(await memo.get(db, "2027-02", 1_000, read)).toEqual({ value: 1, readAt: 1_000 });
    expect(await memo.get(db, "2027-02", 60_999, read)).toEqual({ value: 1, readAt: 1_000 });
    expect(await memo.get({}, "2027-02", 2_000, read)).toEqual({ value: 2, readAt: 2_000 });
    expect(await memo.get(db, "2027-03", 3_000, read)).toEqual({ value: 3, readAt: 3_000 });
    expect(await memo.get(db, "2027-03", 63_000, read)).toEqual({ value: 4, readAt: 63_000 });
    // A clock that went back does not get figures read "later".
    expect(await memo.get(db, "2027-03", 10_000, read)).toEqual({ value: 5, readAt: 10_000 });
  });

  it("shares a read in flight and forgets a failed one", async () => {
    const memo = ttlMemo<object, string>(60_000);
    const db = {};
    let reads = 0;
    const failing = async () => {
      reads += 1;
      throw new Error("base de datos caída");
    };
    const both = [memo.get(db, "k", 0, failing), memo.get(db, "k", 1, failing)];
    for (const p of both) await expect(p).rejects.toThrow("base de datos caída");
    expect(reads).toBe(1);
    expect(await memo.get(db, "k", 2, async () => "bien")).toEqual({ value: "bien", readAt: 2 });
  });
});
