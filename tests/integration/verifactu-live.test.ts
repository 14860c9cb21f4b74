/**
 * The VERI*FACTU sender inside the real server (the production build: `npm run
 * build` first; BUILD_DIR selects the build), killed with SIGKILL mid-send: the
 * purchases are paid through the Stripe SDK against the Stripe stand-in, their
 * records go to the AEAT stand-in over mutual TLS, which registers them and
 * holds its answer while the server is killed. After the restart nothing is
 * lost (every record of the chain is registered at the AEAT and accepted in the
 * site) and nothing is duplicated (the AEAT holds each record once, with the
 * chain's huellas in order; the resend is answered "duplicado", counted as
 * accepted), and `npm run facturas:verificar` passes. On SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL, both at once.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runVerifactuBurst, type BurstResult } from "../../scripts/lib/verifactu-burst.ts";
import { dbKinds } from "../helpers/db.ts";

const PURCHASES = 3;
const appDir = path.resolve(import.meta.dirname, "../..");
const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

describe("VERI*FACTU sender killed mid-send", () => {
  it(
    "loses no record and registers none twice at the AEAT",
    async () => {
      const results = await Promise.all(
        dbKinds.map((kind) =>
          runVerifactuBurst({
            appDir,
            kind,
            pgUrl,
            purchases: PURCHASES,
            waves: 1,
            waitS: 1,
            fail503: 0,
            kill: true,
            deadlineMs: 150_000,
          }),
        ),
      );
      for (const r of results) expectNothingLostOrDuplicated(r);
    },
    300_000,
  );
});

function expectNothingLostOrDuplicated(r: BurstResult): void {
  const what = `on ${r.kind}`;
  expect(r.killedAt, what).not.toBeNull();
  expect(r.records, what).toBe(PURCHASES);
  // The request the kill interrupted was registered by the AEAT, then sent again by the restarted server.
  expect([...r.timesReceived.values()].some((n) => n === 2), what).toBe(true);
  expect(r.settledAfter, what).not.toBeNull();
  expect(Object.fromEntries(r.states), what).toEqual({ accepted: PURCHASES });
  expect(r.acceptedAtAeat, what).toBe(PURCHASES);
  expect(r.chainMatches, what).toBe(true);
  expect(r.verify, what).toMatchObject({ code: 0 });
  expect(r.http5xx, what).toBe(0);
  expect(r.serverErrors, what).toEqual([]);
}
