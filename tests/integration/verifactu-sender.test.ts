/**
 * The VERI*FACTU sender (issue 32, items 1 and 2) against the local AEAT
 * stand-in (scripts/aeat-standin/) over mutual TLS: a burst goes out in one
 * request, failures are retried with the records kept pending, the next
 * request waits the TiempoEsperaEnvio, a duplicate of our own record after a
 * crash counts as accepted, and a rejected record is stored and not resent.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AeatTransport } from "~/invoices/aeat/client.server.ts";
import { VERIFACTU_SEND } from "~/invoices/aeat/outbox.server.ts";
import { sendJobHandler, sendPendingRecords } from "~/invoices/aeat/sender.server.ts";
import type { InvoicingConfig } from "~/invoices/issue.server.ts";
import { createJobWorker } from "~/jobs/worker.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { makeTestPki, type TestPki } from "../../scripts/aeat-standin/certs.ts";
import type { AeatStandIn } from "../../scripts/aeat-standin/server.ts";
import { startTestAeat } from "../helpers/aeat.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { TEST_INVOICING } from "../helpers/invoices.ts";
import { insertCourse, insertOrder } from "./staff-orders-fixtures.ts";

const INVOICING: InvoicingConfig = { ...TEST_INVOICING, verifactuMode: "verifactu-test" };
let pkiDir: string;
let pki: TestPki;

beforeAll(() => {
  pkiDir = mkdtempSync(join(tmpdir(), "verifactu-sender-"));
  pki = makeTestPki(pkiDir);
});
afterAll(() => rmSync(pkiDir, { recursive: true, force: true }));

describe.each(dbKinds)("VERI*FACTU sender on %s", (kind) => {
  let t: TestDb;
  let standIn: AeatStandIn;
  let transport: AeatTransport;
  let sold = 0;

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    await insertCourse(t.db, "curso-gel", "Curso de uñas de gel", 25000);
    ({ standIn, transport } = await startTestAeat(pki));
  });
  afterAll(async () => {
    await standIn?.close();
    await t?.cleanup();
  });

  /** Sells `n` courses at once: n invoices, n records, n pending statuses (none with the mode off). */
  async function sell(n: number, invoicing = INVOICING): Promise<void> {
    const orders: string[] = [];
    for (let i = 0; i < n; i++) {
      sold += 1;
      const user = await insertBuyer(t.db, {
        prefix: `envio${sold}.${kind}`,
        firstName: "Alumna",
        lastName: String(sold),
      });
      orders.push(
        await insertOrder(t.db, {
          user,
          lines: [{ courseId: "curso-gel", title: "Curso de uñas de gel", priceCents: 25000 }],
          createdAt: new Date().toISOString(),
        }),
      );
    }
    await Promise.all(
      orders.map((orderId) =>
        fulfilOrder(t.db, { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId }, invoicing),
      ),
    );
  }

  const statuses = () =>
    t.db
      .selectFrom("billing_record_status")
      .select(["position", "state", "code", "description", "csv", "attempts"])
      .orderBy("position")
      .execute();
  const waitingJobs = () =>
    t.db
      .selectFrom("jobs")
      .select(["id", "run_after"])
      .where("kind", "=", VERIFACTU_SEND)
      .where("status", "=", "pending")
      .execute();
  const notBefore = async () =>
    new Date((await t.db.selectFrom("verifactu_sender").select("not_before").executeTakeFirstOrThrow()).not_before);

  const worker = () =>
    createJobWorker({
      db: t.db,
      dbKind: kind,
      logger: createLogger("silent"),
      handlers: { [VERIFACTU_SEND]: sendJobHandler({ db: t.db, transport }) },
    });

  it("sends a burst of 5 invoices in one request through the outbox, and all are accepted", async () => {
    await sell(5);
    expect((await statuses()).map((s) => s.state)).toEqual(Array(5).fill("pending"));
    // The burst queued one job, not five.
    expect(await waitingJobs()).toHaveLength(1);
    const before = Date.now();
    // (The sales' other jobs, emails, have no handler here and are put off.)
    await worker().drain();
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]).toMatchObject({ recordCount: 5, valid: true });
    const rows = await statuses();
    expect(rows.map((s) => [s.state, s.attempts])).toEqual(Array(5).fill(["accepted", 1]));
    expect(rows.every((s) => s.csv)).toBe(true);
    expect(standIn.accepted().size).toBe(5);
    const submissions = await t.db.selectFrom("billing_submissions").selectAll().execute();
    expect(submissions).toHaveLength(1);
    expect(submissions[0]).toMatchObject({ record_position: 1, status: "answered" });
    expect(submissions[0].response).toContain("RespuestaRegFactuSistemaFacturacion");
    // The next request waits the 60 s the answer gave.
    expect((await notBefore()).getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(await waitingJobs()).toHaveLength(0);
  });

  it("waits the TiempoEsperaEnvio, then retries 503s and a Fault with the record kept pending", async () => {
    await sell(1);
    const until = await notBefore();
    // The job the sale queued runs now, before the wait is over: it sends nothing and queues itself for later.
    expect(Date.now()).toBeLessThan(until.getTime());
    await worker().drain();
    // The job runs again when the wait is over, not before.
    expect((await waitingJobs()).map((j) => j.run_after)).toContain(until.toISOString());
    expect(standIn.requests).toHaveLength(1);

    const later = () => new Date(until.getTime() + 1_000);
    standIn.failNext(2, "503");
    await expect(sendPendingRecords({ db: t.db, transport, now: later })).rejects.toThrow(/HTTP 503/u);
    await expect(sendPendingRecords({ db: t.db, transport, now: later })).rejects.toThrow(/HTTP 503/u);
    standIn.failNext(1, "fault");
    await expect(sendPendingRecords({ db: t.db, transport, now: later })).rejects.toThrow(/Fault/u);
    expect((await statuses())[5]).toMatchObject({ position: 6, state: "pending", attempts: 3 });
    expect(await sendPendingRecords({ db: t.db, transport, now: later })).toMatchObject({
      kind: "sent",
      records: 1,
      accepted: 1,
    });
    expect((await statuses())[5]).toMatchObject({ state: "accepted", attempts: 4 });
    const logged = await t.db
      .selectFrom("billing_submissions")
      .select(["status", "record_position"])
      .orderBy("attempted_at")
      .orderBy("status")
      .execute();
    expect(
      logged
        .filter((s) => s.record_position === 6)
        .map((s) => s.status)
        .sort(),
    ).toEqual(["answered", "fault", "http-503", "http-503"]);
    expect(standIn.accepted().size).toBe(6);
  });

  it("after a crash between sending and storing, counts the AEAT's duplicate of our record as accepted", async () => {
    const farAhead = () => new Date(Date.now() + 3_600_000);
    await sell(1);
    expect(await sendPendingRecords({ db: t.db, transport, now: farAhead })).toMatchObject({
      kind: "sent",
      accepted: 1,
    });
    expect(standIn.accepted().size).toBe(7);
    // The crash: the AEAT registered record 7, the answer never reached the database.
    await t.db
      .updateTable("billing_record_status")
      .set({ state: "pending", code: null, description: null, csv: null, answered_at: null })
      .where("position", "=", 7)
      .execute();
    const requests = standIn.requests.length;
    const again = await sendPendingRecords({ db: t.db, transport, now: () => new Date(Date.now() + 7_200_000) });
    expect(again).toMatchObject({ kind: "sent", records: 1, accepted: 1, rejected: 0 });
    expect(standIn.requests).toHaveLength(requests + 1);
    expect((await statuses())[6]).toMatchObject({ position: 7, state: "accepted", code: "3000" });
    // Nothing duplicated: the AEAT still holds 7 records, we hold 7.
    expect(standIn.accepted().size).toBe(7);
    expect(await t.db.selectFrom("billing_records").select("position").execute()).toHaveLength(7);
  });

  it("stores a rejected record with the AEAT's code and never sends it again by itself", async () => {
    await sell(1);
    standIn.rejectNext(1, 1100, "Valor o tipo incorrecto del campo: NIF");
    const at = () => new Date(Date.now() + 3 * 3_600_000);
    expect(await sendPendingRecords({ db: t.db, transport, now: at })).toMatchObject({ kind: "sent", rejected: 1 });
    expect((await statuses())[7]).toMatchObject({
      position: 8,
      state: "rejected",
      code: "1100",
      description: "Valor o tipo incorrecto del campo: NIF",
      csv: null,
    });
    const requests = standIn.requests.length;
    expect(await sendPendingRecords({ db: t.db, transport, now: () => new Date(Date.now() + 4 * 3_600_000) })).toEqual({
      kind: "idle",
    });
    expect(standIn.requests).toHaveLength(requests);
  });

  it("leaves a record written with VERIFACTU_MODE=off unsent, and sends nothing without a connection", async () => {
    const jobs = (await waitingJobs()).length;
    await sell(1, TEST_INVOICING);
    expect(await t.db.selectFrom("billing_records").select("position").execute()).toHaveLength(9);
    expect(await statuses()).toHaveLength(8);
    expect(await waitingJobs()).toHaveLength(jobs);
    expect(await sendPendingRecords({ db: t.db, transport: null })).toEqual({ kind: "not-configured" });
  });
});
