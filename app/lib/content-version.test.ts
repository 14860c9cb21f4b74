import { describe, expect, it } from "vitest";
import { freshReader } from "./content-version.server.ts";

function deferredReads() {
  const pending: ((v: number) => void)[] = [];
  let started = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      started++;
      pending.push(resolve);
    });
  return { read, pending, started: () => started };
}

describe("freshReader", () => {
  it("runs one read for callers that arrive together, and a new one for callers that arrive while it runs", async () => {
    const d = deferredReads();
    const get = freshReader(d.read);
    const first = get();
    // Arrived after the first read began: it may have missed a write, so these wait for the next read.
    const second = get();
    const third = get();
    expect(d.started()).toBe(1);
    d.pending[0](1);
    expect(await first).toBe(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(d.started()).toBe(2);
    d.pending[1](2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    // Idle again: the next caller starts its own read.
    const fourth = get();
    expect(d.started()).toBe(3);
    d.pending[2](3);
    expect(await fourth).toBe(3);
  });

  it("passes a failed read on to its callers and recovers on the next call", async () => {
    let fail = true;
    const get = freshReader(async () => {
      if (fail) throw new Error("db down");
      return 7;
    });
    await expect(get()).rejects.toThrow("db down");
    fail = false;
    expect(await get()).toBe(7);
  });
});
