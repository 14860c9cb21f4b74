/**
 * The transactional outbox on a real database (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set): jobs stored once per dedupe key, one winner per
 * job among competing workers, retries with backoff, leases that outlive a
 * killed worker, and an order paid just before a crash still gets exactly one
 * confirmation email.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDueJobs, completeJob, enqueueJob, failJob, MAX_ATTEMPTS, retryDelayMs } from "~/jobs/queue.server.ts";
import { createJobWorker } from "~/jobs/worker.server.ts";
import { jobHandlers } from "~/job-handlers.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { newId } from "~/lib/ids.server.ts";
import type { Mailer, MailMessage } from "~/mail/mailer.server.ts";
import { getOrderWithItems } from "~/orders/orders.server.ts";
import { processPaymentEvent, startCheckout, type PaymentDeps } from "~/payments/checkout.server.ts";
import { createDemoProvider } from "~/payments/demo.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { demoPaidEvent, insertBuyer } from "../helpers/payments.ts";

const logger = createLogger("silent");

describe.each(dbKinds)("outbox on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const jobsOfKind = (k: string) => t.db.selectFrom("jobs").selectAll().where("kind", "=", k).execute();

  it("stores a job once per dedupe key and rolls it back with its transaction", async () => {
    const k = `test:${newId()}`;
    expect(await enqueueJob(t.db, { kind: k, payload: { n: 1 }, dedupeKey: `${k}:a` })).toBe(true);
    expect(await enqueueJob(t.db, { kind: k, payload: { n: 2 }, dedupeKey: `${k}:a` })).toBe(false);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, { kind: k, payload: { n: 3 }, dedupeKey: `${k}:b` });
        throw new Error("the state change failed");
      }),
    ).rejects.toThrow("the state change failed");
    const rows = await jobsOfKind(k);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].payload)).toEqual({ n: 1 });
  });

  it("gives each due job to exactly one of several competing workers", async () => {
    const k = `race:${newId()}`;
    for (let i = 0; i < 30; i++) await enqueueJob(t.db, { kind: k, payload: { i } });
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, w) => claimDueJobs(t.db, kind, { workerId: `w${w}`, limit: 10, leaseMs: 60_000 })),
    );
    const ids = claims
      .flat()
      .filter((j) => j.kind === k)
      .map((j) => j.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    // Leased: nobody else gets them while the lease lasts.
    const again = await claimDueJobs(t.db, kind, { workerId: "late", limit: 50, leaseMs: 60_000 });
    expect(again.filter((j) => j.kind === k)).toHaveLength(0);
    // Only the lease holder can complete a job.
    const first = claims.flat().find((j) => j.kind === k)!;
    await completeJob(t.db, first, "someone-else");
    expect((await jobsOfKind(k)).find((j) => j.id === first.id)!.status).toBe("pending");
    await completeJob(t.db, first, first.locked_by!);
    expect((await jobsOfKind(k)).find((j) => j.id === first.id)!.status).toBe("done");
  });

  it("hands a job to another worker once a killed worker's lease has run out", async () => {
    const k = `lease:${newId()}`;
    await enqueueJob(t.db, { kind: k, payload: {} });
    const now = new Date();
    const [taken] = (await claimDueJobs(t.db, kind, { workerId: "dead", limit: 50, leaseMs: 1_000, now })).filter(
      (j) => j.kind === k,
    );
    expect(taken).toBeTruthy();
    const before = await claimDueJobs(t.db, kind, {
      workerId: "alive",
      limit: 50,
      leaseMs: 1_000,
      now: new Date(now.getTime() + 500),
    });
    expect(before.filter((j) => j.kind === k)).toHaveLength(0);
    const after = await claimDueJobs(t.db, kind, {
      workerId: "alive",
      limit: 50,
      leaseMs: 1_000,
      now: new Date(now.getTime() + 1_500),
    });
    const mine = after.filter((j) => j.kind === k);
    expect(mine).toHaveLength(1);
    expect(mine[0].attempts).toBe(2);
  });

  it("retries a failing job with backoff and gives up after the last attempt", async () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(20)).toBe(60 * 60_000);
    const k = `fail:${newId()}`;
    await enqueueJob(t.db, { kind: k, payload: {} });
    let now = new Date();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const [job] = (await claimDueJobs(t.db, kind, { workerId: "w", limit: 50, leaseMs: 1_000, now })).filter(
        (j) => j.kind === k,
      );
      expect(job.attempts).toBe(attempt);
      const outcome = await failJob(t.db, job, "w", "SMTP 451", now);
      expect(outcome).toBe(attempt === MAX_ATTEMPTS ? "dead" : "retry");
      // Not due again before its backoff.
      const early = await claimDueJobs(t.db, kind, {
        workerId: "w",
        limit: 50,
        leaseMs: 1_000,
        now: new Date(now.getTime() + 1_000),
      });
      expect(early.filter((j) => j.kind === k)).toHaveLength(0);
      now = new Date(now.getTime() + retryDelayMs(attempt) + 1);
    }
    const [row] = await jobsOfKind(k);
    expect(row.status).toBe("dead");
    expect(row.last_error).toBe("SMTP 451");
  });

  it("sends the confirmation of an order paid just before a crash exactly once, and only after the transport accepted it", async () => {
    const sent: MailMessage[] = [];
    let failNext = 1;
    const mailer: Mailer = {
      kind: "outbox",
      send: async (m) => {
        if (failNext-- > 0) throw new Error("connection refused");
        sent.push(m);
      },
    };
    const deps: PaymentDeps = {
      db: t.db,
      logger,
      mailer,
      payments: createDemoProvider(),
      config: { publicUrl: "http://localhost:3000" },
    };
    const { id, email } = await insertBuyer(t.db, { prefix: "crash", firstName: "Ana", lastName: "Ruiz" });
    const started = await startCheckout(deps, {
      user: { id, email },
      courseIds: ["formacion-inicio"],
      method: "card",
      withdrawalWaiver: false,
    });
    // The payment commits; the process dies before any worker runs (no jobs.kick()).
    const outcome = await processPaymentEvent(deps, demoPaidEvent(started));
    expect(outcome).toBe("paid");
    expect((await getOrderWithItems(t.db, started.orderId))!.order.confirmation_sent_at).toBeNull();

    // After the restart a new worker finds the job; the first attempt fails at the transport.
    const handlers = jobHandlers(deps);
    const worker = createJobWorker({ db: t.db, dbKind: kind, logger, handlers });
    await worker.drain();
    expect(sent).toHaveLength(0);
    const [job] = await t.db
      .selectFrom("jobs")
      .selectAll()
      .where("dedupe_key", "=", `order-confirmation:${started.orderId}`)
      .execute();
    expect(job.status).toBe("pending");
    expect(job.last_error).toBe("connection refused");
    expect((await getOrderWithItems(t.db, started.orderId))!.order.confirmation_sent_at).toBeNull();

    // The redelivered event queues nothing new; the retry (once due) delivers exactly once.
    await processPaymentEvent(deps, demoPaidEvent(started));
    await t.db
      .updateTable("jobs")
      .set({ run_after: new Date(0).toISOString() })
      .where("id", "=", job.id)
      .execute();
    const other = createJobWorker({ db: t.db, dbKind: kind, logger, handlers });
    await Promise.all([worker.drain(), other.drain()]);
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe(email);
    expect(sent[0].id).toBe(job.id);
    expect(sent[0].subject).toContain(started.orderId.slice(0, 8).toUpperCase());
    expect((await getOrderWithItems(t.db, started.orderId))!.order.confirmation_sent_at).not.toBeNull();
    const [done] = await t.db.selectFrom("jobs").selectAll().where("id", "=", job.id).execute();
    expect(done.status).toBe("done");
  });
});
