/**
 * The scheduled backups around the archive (issue 33) on SQLite and
 * PostgreSQL, with a stand-in for runBackup that writes a small archive: one
 * backup per Madrid day at 03:30 however many instances start and poll (the
 * outbox's dedupe keys and leases), across the clock change; the retention
 * ladder here and off-site; a failure recorded without its secret; the owner's
 * emails once per incident; and what the staff panel shows.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKUP_OFFSITE_FAILED, BACKUP_STALE, backupAlertTemplates } from "~/backups/alerts.server.ts";
import {
  BACKUP_CHECK_JOB,
  BACKUP_JOB,
  backupJobHandlers,
  ensureBackupSchedule,
  type BackupJobDeps,
} from "~/backups/jobs.server.ts";
import { localOffsiteStore, type OffsiteStore } from "~/backups/offsite.server.ts";
import { loadBackupPanel } from "~/backups/panel.server.ts";
import { recordBackupRun } from "~/backups/runs.server.ts";
import type { BackupOutcome } from "~/backups/scheduled.server.ts";
import { BackupPanelSection, BackupPanelWarning } from "~/components/staff/backup-status.tsx";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { claimDueJobs, completeJob, failJob, parsePayload } from "~/jobs/queue.server.ts";
import { jobHandlers } from "~/job-handlers.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import type { PaymentProvider } from "~/payments/provider.server.ts";
import { loadPanel } from "~/routes/gestion.server.ts";
import StaffPanel from "~/routes/gestion.tsx";
import { memoryMailer } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { staffContext } from "./staff-orders-fixtures.ts";

const logger = createLogger("silent");
const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");
const html = (node: ReturnType<typeof createElement>) => renderToString(node).replaceAll("<!-- -->", "");

describe.each(dbKinds)("scheduled backups on %s", (kind) => {
  let t: TestDb;
  let dir: string;
  let offsiteDir: string;
  let clock: Date;
  let calls = 0;
  let failWith: string | null = null;
  let offsiteBroken = false;
  let deps: BackupJobDeps;
  let handlers: ReturnType<typeof backupJobHandlers>;

  /** Stands in for runBackup: a small archive named by its time, as the real one is. */
  async function fakeBackup({ now }: { now: Date }): Promise<BackupOutcome> {
    calls += 1;
    if (failWith) throw new Error(failWith);
    const stamp = now.toISOString().replace(/[:.]/g, "");
    const file = path.join(dir, `alejandra-nails-${stamp}.anbak`);
    writeFileSync(file, `copia ${calls} ${"x".repeat(1000 * calls)}`);
    return { path: file, bytes: readFileSync(file).length, startedAt: now, finishedAt: new Date(now.getTime() + 1000) };
  }

  const local = () => localOffsiteStore(offsiteDir, "salon");
  /** The off-site store, which fails while `offsiteBroken`. */
  const flakyStore = (): OffsiteStore => ({
    ...local(),
    put: (file, name) =>
      offsiteBroken ? Promise.reject(new Error("ECONNREFUSED 127.0.0.1:41299")) : local().put(file, name),
  });

  /** Two instances poll at `clock`: each claims what is due, runs it and completes it. Resolves with the kinds run. */
  async function poll(): Promise<string[]> {
    const ran: string[] = [];
    const claims = await Promise.all(
      ["instancia-a", "instancia-b"].map(async (workerId) => ({
        workerId,
        jobs: await claimDueJobs(t.db, t.kind, { workerId, limit: 20, leaseMs: 60_000, now: clock }),
      })),
    );
    for (const { workerId, jobs } of claims) {
      for (const job of jobs) {
        const handler = handlers[job.kind];
        if (!handler) continue;
        try {
          await handler(parsePayload(job), job);
          await completeJob(t.db, job, workerId, clock);
        } catch (err) {
          await failJob(t.db, job, workerId, (err as Error).message, clock);
        }
        ran.push(job.kind);
      }
    }
    return ran;
  }

  const jobsOf = (jobKind: string) =>
    t.db.selectFrom("jobs").selectAll().where("kind", "=", jobKind).orderBy("run_after").execute();
  const runs = () => t.db.selectFrom("backup_runs").selectAll().orderBy("started_at").execute();
  const emails = (template: string) => jobsOf(`email:${template}`);

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    dir = mkdtempSync(path.join(tmpdir(), "an-backups-"));
    offsiteDir = mkdtempSync(path.join(tmpdir(), "an-offsite-"));
    deps = {
      db: t.db,
      logger,
      backup: fakeBackup,
      dir,
      offsite: flakyStore(),
      schedule: { enabled: true, time: { hour: 3, minute: 30 } },
      retention: { daily: 3, weekly: 0, monthly: 0, yearly: 0 },
      now: () => clock,
    };
    handlers = backupJobHandlers(deps, logger);
  });
  afterAll(async () => {
    await t?.cleanup();
    for (const d of [dir, offsiteDir]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it("is wired into the outbox's handlers, the owner's emails with it", () => {
    const all = jobHandlers({
      db: t.db,
      logger,
      mailer: memoryMailer(),
      payments: {} as PaymentProvider,
      config: { publicUrl: "http://localhost:41200" },
      backups: deps,
    });
    for (const kind of [BACKUP_JOB, BACKUP_CHECK_JOB, `email:${BACKUP_STALE}`, `email:${BACKUP_OFFSITE_FAILED}`]) {
      expect(all[kind]).toBeTypeOf("function");
    }
  });

  it("queues nothing while BACKUP_SCHEDULE is off", async () => {
    await ensureBackupSchedule(
      t.db,
      { enabled: false, time: { hour: 3, minute: 30 } },
      new Date("2027-03-26T12:00:00Z"),
    );
    expect(await jobsOf(BACKUP_JOB)).toHaveLength(0);
  });

  it("makes one backup a day at 03:30 Madrid however many instances start, through the clock change", async () => {
    // Friday 26 March 2027, 13:00 in Madrid: two instances start; today's backup is due (a catch-up).
    clock = new Date("2027-03-26T12:00:00Z");
    await ensureBackupSchedule(t.db, deps.schedule, clock);
    await ensureBackupSchedule(t.db, deps.schedule, clock);
    const queued = await jobsOf(BACKUP_JOB);
    expect(queued.map((j) => [j.dedupe_key, j.run_after])).toEqual([
      [`${BACKUP_JOB}:2027-03-26`, "2027-03-26T02:30:00.000Z"],
    ]);
    expect(await jobsOf(BACKUP_CHECK_JOB)).toHaveLength(1);

    expect((await poll()).sort()).toEqual([BACKUP_CHECK_JOB, BACKUP_JOB]);
    expect(calls).toBe(1);
    // Each night's job queues the next: 28 March is the night the clocks go forward (03:30 is 01:30 UTC).
    const expected: [string, string][] = [
      ["2027-03-27", "2027-03-27T02:30:00.000Z"],
      ["2027-03-28", "2027-03-28T01:30:00.000Z"],
      ["2027-03-29", "2027-03-29T01:30:00.000Z"],
    ];
    for (const [day, at] of expected) {
      const next = (await jobsOf(BACKUP_JOB)).at(-1)!;
      expect([next.dedupe_key, next.run_after, next.status]).toEqual([`${BACKUP_JOB}:${day}`, at, "pending"]);
      clock = new Date(Date.parse(at) - 60_000);
      expect(await poll()).not.toContain(BACKUP_JOB);
      clock = new Date(Date.parse(at) + 60_000);
      expect(await poll()).toContain(BACKUP_JOB);
      // A restart right after queues nothing new for the day.
      await ensureBackupSchedule(t.db, deps.schedule, clock);
      expect((await jobsOf(BACKUP_JOB)).filter((j) => j.dedupe_key === `${BACKUP_JOB}:${day}`)).toHaveLength(1);
    }
    expect(calls).toBe(4);
    const done = await runs();
    expect(done.map((r) => [r.status, r.kind, r.offsite_status])).toEqual(Array(4).fill(["ok", "scheduled", "ok"]));
  });

  it("keeps only what the ladder keeps, here and off-site, and the copies match the archives", async () => {
    const live = (await runs()).filter((r) => r.pruned_at === null);
    // daily: 3 in this test's ladder; the first day's archive is gone from both places.
    expect(live).toHaveLength(3);
    const names = live.map((r) => r.file_name!).sort();
    expect(readdirSync(dir).sort()).toEqual(names);
    expect((await local().list()).map((o) => o.key).sort()).toEqual(names.map((n) => `salon/${n}`));
    for (const r of live) {
      expect(r.offsite_key).toBe(`salon/${r.file_name}`);
      expect(sha256(path.join(offsiteDir, r.offsite_key!))).toBe(sha256(path.join(dir, r.file_name!)));
    }
  });

  it("records a failed backup without its secret, retries it, and still queues the next night's", async () => {
    failWith = "no se pudo escribir: disco lleno (password=hunter2 AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQ)";
    clock = new Date("2027-03-30T01:31:00Z");
    await poll();
    failWith = null;
    const failed = (await runs()).at(-1)!;
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("disco lleno");
    expect(failed.error).not.toContain("hunter2");
    expect(failed.error).not.toContain("QQQQ");
    const [today] = (await jobsOf(BACKUP_JOB)).filter((j) => j.dedupe_key === `${BACKUP_JOB}:2027-03-30`);
    expect([today.status, today.attempts, today.last_error]).toEqual([
      "pending",
      1,
      expect.stringContaining("disco lleno"),
    ]);
    expect((await jobsOf(BACKUP_JOB)).at(-1)!.dedupe_key).toBe(`${BACKUP_JOB}:2027-03-31`);
    // The retry (30 s later) succeeds.
    clock = new Date(clock.getTime() + 60_000);
    expect(await poll()).toContain(BACKUP_JOB);
    expect((await runs()).at(-1)!.status).toBe("ok");
  });

  it("emails the owner once when there has been no backup for 26 hours, and again for the next incident", async () => {
    const lastOk = (await runs()).at(-1)!;
    // The next nights' jobs are lost (say, a dead worker): only the hourly checks run.
    await t.db
      .updateTable("jobs")
      .set({ status: "dead" })
      .where("kind", "=", BACKUP_JOB)
      .where("status", "=", "pending")
      .execute();
    for (const hours of [25, 27, 28, 29]) {
      clock = new Date(Date.parse(lastOk.finished_at) + hours * 3_600_000);
      await poll();
      expect(await emails(BACKUP_STALE)).toHaveLength(hours < 26 ? 0 : 1);
    }
    const [email] = await emails(BACKUP_STALE);
    const ctx = { db: t.db, publicUrl: "http://localhost:41200", logger, now: clock };
    const message = await backupAlertTemplates("duena@example.com", true)[BACKUP_STALE].render(
      ctx,
      parsePayload(email),
    );
    expect(message).toMatchObject({ to: "duena@example.com" });
    expect(message?.subject).toContain("Copias de seguridad: ninguna correcta desde el 30 de marzo de 2027");
    expect(message?.text).toContain("No hay ninguna copia de seguridad correcta de la web en las últimas 26 horas");
    expect(message?.text).toContain("http://localhost:41200/gestion");
    // A manual backup ends the incident: the queued email, not sent yet, now sends nothing.
    await recordBackupRun(t.db, {
      kind: "manual",
      status: "ok",
      startedAt: clock,
      finishedAt: clock,
      path: (await fakeBackup({ now: clock })).path,
      bytes: 1234,
    });
    expect(await backupAlertTemplates("duena@example.com", true)[BACKUP_STALE].render(ctx, {})).toBeNull();
    clock = new Date(clock.getTime() + 27 * 3_600_000);
    await poll();
    expect(await emails(BACKUP_STALE)).toHaveLength(2);
  });

  it("records a failed off-site copy, emails the owner once, and copies it again at the next check", async () => {
    offsiteBroken = true;
    clock = new Date(clock.getTime() + 3_600_000);
    await t.db.deleteFrom("jobs").where("kind", "=", BACKUP_JOB).execute();
    await ensureBackupSchedule(t.db, deps.schedule, clock);
    expect(await poll()).toContain(BACKUP_JOB);
    const run = (await runs()).at(-1)!;
    expect([run.status, run.offsite_status, run.offsite_error]).toEqual([
      "ok",
      "failed",
      "ECONNREFUSED 127.0.0.1:41299",
    ]);
    expect(await emails(BACKUP_OFFSITE_FAILED)).toHaveLength(1);
    const ctx = { db: t.db, publicUrl: "http://localhost:41200", logger, now: clock };
    const message = await backupAlertTemplates("duena@example.com", true)[BACKUP_OFFSITE_FAILED].render(ctx, {});
    expect(message?.subject).toBe("Copias de seguridad: la copia externa ha fallado");
    expect(message?.text).toContain("Error: ECONNREFUSED 127.0.0.1:41299");

    const panel = await loadBackupPanel(t.db, panelConfig(true), { now: clock, owner: false });
    const warning = html(createElement(BackupPanelWarning, { backup: panel }));
    expect(warning).toContain("La última copia externa ha fallado (ECONNREFUSED 127.0.0.1:41299)");
    expect(html(createElement(BackupPanelSection, { backup: panel }))).toMatch(
      /<dt>Copia externa<\/dt><dd>fallida<\/dd>/,
    );

    // Still failing an hour later: no second email.
    clock = new Date(clock.getTime() + 3_600_000);
    await poll();
    expect(await emails(BACKUP_OFFSITE_FAILED)).toHaveLength(1);
    offsiteBroken = false;
    clock = new Date(clock.getTime() + 3_600_000);
    await poll();
    const copied = (await runs()).find((r) => r.id === run.id)!;
    expect([copied.offsite_status, copied.offsite_key]).toEqual(["ok", `salon/${run.file_name}`]);
    const after = await loadBackupPanel(t.db, panelConfig(true), { now: clock, owner: false });
    expect(html(createElement(BackupPanelWarning, { backup: after }))).toBe("");
  });

  function panelConfig(offsite: boolean, dataDir = dir) {
    return {
      dataDir,
      backup: { dir, key: null, keyFile: null },
      backupSchedule: deps.schedule,
      backupOffsite: offsite ? { bucket: "copias", region: "us-east-1", prefix: "salon", forcePathStyle: true } : null,
    };
  }

  it("shows the staff the last backup in Madrid time and MB, and the owner the generated key's reminder", async () => {
    const staff = await staffContext(t.db, kind, `copias.${kind}@example.com`);
    const owner = await staffContext(t.db, kind, `duena.copias.${kind}@example.com`, "owner");
    writeFileSync(path.join(owner.services.config.dataDir, "backup-key"), "# clave\nAGE-SECRET-KEY-1TEST\n");
    const last = (await runs()).at(-1)!;
    await t.db.updateTable("backup_runs").set({ bytes: 12_345_678 }).where("id", "=", last.id).execute();
    const staffPanel = await loadPanel(staff.context);
    const ownerPanel = await loadPanel(owner.context);
    expect(ownerPanel.backup.generatedKeyFile).toBe(path.join(owner.services.config.dataDir, "backup-key"));
    expect(staffPanel.backup.generatedKeyFile).toBeNull();
    const page = html(createElement(StaffPanel, { loaderData: ownerPanel } as never));
    expect(page).toContain("Copias de seguridad");
    // The run finished a second after it started (the stand-in's), at this Madrid time.
    const finished = madridDateTimeText(new Date(last.finished_at));
    expect(page).toContain(`<dt>Última copia</dt><dd>${finished}, 12 MB</dd>`);
    // These test configs have no bucket: the copy shows as not configured.
    expect(page).toContain("<dt>Copia externa</dt><dd>no configurada</dd>");
    expect(page).toContain("Clave de las copias de seguridad:");
    expect(html(createElement(StaffPanel, { loaderData: staffPanel } as never))).not.toContain("Clave de las copias");
    // 27 hours later the panel warns.
    const stale = await loadBackupPanel(t.db, panelConfig(false), {
      now: new Date(Date.parse(last.finished_at) + 27 * 3_600_000),
      owner: false,
    });
    expect(html(createElement(BackupPanelWarning, { backup: stale }))).toContain(
      `No hay ninguna copia correcta desde el ${finished} (más de 26 horas).`,
    );
  });
});
