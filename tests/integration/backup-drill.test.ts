/**
 * The restore drill (issue 33), on SQLite and PostgreSQL: a salon with a paid course
 * (its invoice and billing record) and a booked appointment is backed up, wiped (an
 * empty database and an empty DATA_DIR) and restored: every table has the rows it had,
 * the invoice chain verifies with the same last huella, the uploaded images and the
 * session secret are back. An archive opens only with its key; a flipped byte, a cut
 * end or a foreign file is refused with one clear line and leaves the target as it
 * was; a target that is not empty needs --force. The CLIs once as child processes.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { generateX25519Identity } from "age-encryption";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeArchive } from "~/backups/archive.server.ts";
import { runBackup, type BackupResult } from "~/backups/backup.server.ts";
import { databaseIsEmpty, tableCounts } from "~/backups/database-facts.server.ts";
import { loadBackupKey } from "~/backups/key.server.ts";
import { archiveTime } from "~/backups/manifest.ts";
import { restoreArchive } from "~/backups/restore.server.ts";
import { bookAppointment } from "~/bookings/appointments.server.ts";
import { loadConfig, type Config } from "~/config.server.ts";
import { createDb, type Db } from "~/db/db.server.ts";
import { migrationProvider } from "~/db/migrations/index.server.ts";
import { DEFAULT_BOOKING_RULES } from "~/domain/booking-rules.ts";
import { wallToInstant } from "~/domain/salon-time.ts";
import { verifyBillingChain } from "~/invoices/verify.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { TEST_INVOICING } from "../helpers/invoices.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { insertCourse, insertOrder } from "./staff-orders-fixtures.ts";

const logger = createLogger("silent");
const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

/** The salon's configuration for a database and a DATA_DIR, as the server would load it. */
function configFor(url: string, dataDir: string, extra: Record<string, string> = {}): Config {
  return loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3999", ...extra });
}

const lastHuella = async (db: Db) =>
  (await db.selectFrom("billing_records").select("huella").orderBy("position", "desc").executeTakeFirst())?.huella;

/** A fresh, empty target: no table in the database, nothing in DATA_DIR. */
async function wipe(t: TestDb): Promise<{ url: string; dataDir: string }> {
  const dataDir = tempDir("an-bak-wiped-");
  if (t.kind === "sqlite") return { url: `file:${path.join(dataDir, "salon.db")}`, dataDir };
  // PostgreSQL restores into the schema of the dump's name: the same schema, emptied.
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]!.s;
  await sql`drop schema ${sql.id(schema)} cascade`.execute(t.db);
  await sql`create schema ${sql.id(schema)}`.execute(t.db);
  return { url: t.url, dataDir };
}

describe.each(dbKinds)("backup and restore drill on %s", (kind) => {
  let t: TestDb;
  let source: Config;
  let backup: BackupResult;
  let before: Record<string, number>;
  let huella: string | undefined;
  let target: Config;
  const image = randomBytes(40_000);

  beforeAll(async () => {
    t = await createTestDb(kind);
    const dataDir = tempDir("an-bak-data-");
    mkdirSync(path.join(dataDir, "img"), { recursive: true });
    writeFileSync(path.join(dataDir, "img", "curso-copia-640.avif"), image);
    source = configFor(t.url, dataDir); // writes DATA_DIR/session-secret, as the server does

    // A course sold and paid: its order, invoice and billing record.
    const buyer = await insertBuyer(t.db, { prefix: `copia.${kind}`, firstName: "Marta", lastName: "Vidal" });
    await insertCourse(t.db, "curso-copia", "Curso de uñas de gel", 25000);
    const orderId = await insertOrder(t.db, {
      user: buyer,
      lines: [{ courseId: "curso-copia", title: "Curso de uñas de gel", priceCents: 25000 }],
      createdAt: new Date().toISOString(),
    });
    const paid = await fulfilOrder(
      t.db,
      { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId },
      TEST_INVOICING,
    );
    expect(paid.outcome).toBe("paid");
    // An appointment: Thursday 26 November 2026, 10:00 in Madrid.
    const booked = await bookAppointment(t.db, {
      serviceIds: ["semipermanente"],
      professionalId: "laura",
      at: wallToInstant("2026-11-26", 600),
      client: { userId: null, name: "Clienta Copia", email: "clienta.copia@example.com", phone: "+34612000111" },
      comment: "",
      source: "online",
      hold: false,
      now: new Date("2026-11-24T08:00:00Z"),
      rules: { ...DEFAULT_BOOKING_RULES, horizonDays: 200 },
    });
    expect(booked.ok).toBe(true);

    before = await tableCounts(t.db, kind);
    huella = await lastHuella(t.db);
    backup = await runBackup({ config: source, logger, now: new Date("2026-11-28T03:00:00Z") });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("writes one archive named after its time, with a manifest of what it holds, and a key kept apart", async () => {
    expect(path.isAbsolute(backup.path)).toBe(true);
    expect(path.basename(backup.path)).toBe("alejandra-nails-2026-11-28T0300Z.anbak");
    expect(path.dirname(backup.path)).toBe(path.join(source.dataDir, "backups"));
    expect(archiveTime(path.basename(backup.path))).toEqual(new Date("2026-11-28T03:00:00Z"));
    expect(backup.bytes).toBe(statSync(backup.path).size);
    const migrations = Object.keys(await migrationProvider.getMigrations()).sort();
    expect(backup.manifest).toMatchObject({
      format: "alejandra-nails-backup",
      formatVersion: 1,
      createdAt: "2026-11-28T03:00:00.000Z",
      database: { kind, migration: migrations.at(-1) },
      counts: { orders: 1, invoices: 1, billingRecords: 1, appointments: 1, users: before.users },
    });
    expect(backup.manifest.entries.map((e) => e.path).sort()).toEqual(
      [
        kind === "sqlite" ? "database/salon.sqlite" : "database/salon.pgdump",
        "data/img/curso-copia-640.avif",
        "data/session-secret",
      ].sort(),
    );
    const key = path.join(source.dataDir, "backup-key");
    expect(statSync(key).mode & 0o777).toBe(0o600);
    const archive = readFileSync(backup.path);
    expect(archive.subarray(0, 21).toString()).toBe("age-encryption.org/v1");
    // Encrypted: neither the image's bytes nor a buyer's address can be found in it.
    expect(archive.includes(image.subarray(0, 64))).toBe(false);
    expect(archive.includes(Buffer.from("@example.com"))).toBe(false);
  });

  it("the drill: wiped, then restored, every table has its rows and the invoice chain its last huella", async () => {
    const wiped = await wipe(t);
    // The key comes from elsewhere (the wiped DATA_DIR has none).
    target = configFor(wiped.url, wiped.dataDir, { BACKUP_KEY_FILE: path.join(source.dataDir, "backup-key") });
    expect(await databaseIsEmpty(target.databaseUrl, kind)).toBe(true);

    const restored = await restoreArchive({ config: target, archive: backup.path });
    expect(restored.tables).toEqual(before);
    expect(restored.counts).toEqual(backup.manifest.counts);
    expect(restored.migrationsApplied).toEqual([]);
    expect(restored.chain).toEqual({ records: 1, demoDocuments: 0, broken: null, xmlMismatches: [] });
    expect(readFileSync(path.join(target.dataDir, "img", "curso-copia-640.avif")).equals(image)).toBe(true);
    expect(readFileSync(path.join(target.dataDir, "session-secret"), "utf8")).toBe(
      readFileSync(path.join(source.dataDir, "session-secret"), "utf8"),
    );
    const db = createDb(target.databaseUrl);
    try {
      expect(await lastHuella(db)).toBe(huella);
      expect(huella).toMatch(/^[0-9A-F]{64}$/);
      expect(await verifyBillingChain(db)).toMatchObject({ broken: null, records: 1 });
    } finally {
      await db.destroy();
    }
  });

  it("restoring into a target that is not empty needs --force; with it the copy replaces it", async () => {
    await expect(restoreArchive({ config: target, archive: backup.path })).rejects.toThrow(
      "El destino no está vacío (la base de datos tiene tablas y DATA_DIR tiene imágenes subidas): usa --force para reemplazarlo con la copia.",
    );
    const db = createDb(target.databaseUrl);
    await db.deleteFrom("appointment_services").execute();
    await db.destroy();
    const forced = await restoreArchive({ config: target, archive: backup.path, force: true });
    expect(forced.tables).toEqual(before);
    expect(forced.chain.broken).toBeNull();
  });

  it("opens only with its key: none, another one or a malformed one is one clear line", async () => {
    const empty = tempDir("an-bak-nokey-");
    const url = kind === "sqlite" ? `file:${path.join(empty, "salon.db")}` : t.url;
    const force = kind === "postgres"; // PostgreSQL's only schema here holds the drill's restore
    await expect(restoreArchive({ config: configFor(url, empty), archive: backup.path, force })).rejects.toThrow(
      "No hay clave de copia: define BACKUP_KEY o BACKUP_KEY_FILE con la clave con la que se hizo la copia.",
    );
    const other = configFor(url, empty, { BACKUP_KEY: await generateX25519Identity() });
    await expect(restoreArchive({ config: other, archive: backup.path, force })).rejects.toThrow(
      "La clave no corresponde a esta copia: no se puede descifrar con la clave configurada.",
    );
    const bad = configFor(url, empty, { BACKUP_KEY: "AGE-SECRET-KEY-1NOTAKEY" });
    await expect(restoreArchive({ config: bad, archive: backup.path, force })).rejects.toThrow(
      "BACKUP_KEY no es una clave de copia válida (AGE-SECRET-KEY-1… dañada).",
    );
    expect(statSync(path.join(empty, "session-secret")).isFile()).toBe(true); // loadConfig's, untouched
    rmSync(empty, { recursive: true, force: true });
  });

  it("a flipped byte, a cut end or a foreign file is refused and the target is left as it was", async () => {
    const dir = tempDir("an-bak-bad-");
    const original = readFileSync(backup.path);
    const flipped = Buffer.from(original);
    flipped[Math.floor(flipped.length / 2)]! ^= 0x01;
    const cases: [string, Buffer, string][] = [
      [
        "flipped.anbak",
        flipped,
        "La copia está dañada o incompleta: el descifrado autenticado ha fallado (bytes alterados o archivo cortado).",
      ],
      ["cut.anbak", original.subarray(0, Math.floor(original.length * 0.7)), "La copia está dañada o incompleta"],
      ["foreign.anbak", randomBytes(5000), "El archivo no es una copia de seguridad de Alejandra Nails"],
    ];
    const empty = tempDir("an-bak-target-");
    const url = kind === "sqlite" ? `file:${path.join(empty, "salon.db")}` : t.url;
    const config = configFor(url, empty, { BACKUP_KEY_FILE: path.join(source.dataDir, "backup-key") });
    for (const [name, bytes, message] of cases) {
      const file = path.join(dir, name);
      writeFileSync(file, bytes);
      await expect(restoreArchive({ config, archive: file, force: true }), name).rejects.toThrow(message);
    }
    // One byte short of the end: the last chunk is cut.
    const cutEnd = path.join(dir, "cut-end.anbak");
    writeFileSync(cutEnd, original);
    truncateSync(cutEnd, original.length - 1);
    await expect(restoreArchive({ config, archive: cutEnd, force: true })).rejects.toThrow(
      "La copia está dañada o incompleta",
    );
    // Sound encryption around an entry that is not what its manifest says.
    const lying = path.join(dir, "lying.anbak");
    const photo = path.join(dir, "photo.avif");
    writeFileSync(photo, image);
    const key = await loadBackupKey(source);
    await writeArchive(
      lying,
      key.recipient,
      [{ path: kind === "sqlite" ? "database/salon.sqlite" : "database/salon.pgdump", file: photo }],
      (written) => ({
        ...backup.manifest,
        entries: written.map((e) => ({ ...e, sha256: "0".repeat(64) })),
      }),
    );
    await expect(restoreArchive({ config, archive: lying, force: true })).rejects.toThrow(
      `La copia está dañada: ${backup.manifest.database.entry} no coincide con su suma de comprobación.`,
    );
    if (kind === "sqlite") expect(await databaseIsEmpty(url, kind)).toBe(true);
    else expect(await tableCounts(t.db, kind)).toEqual(before); // the drill's restore, untouched
    rmSync(dir, { recursive: true, force: true });
    rmSync(empty, { recursive: true, force: true });
  });
});

describe.runIf(dbKinds.includes("sqlite"))("npm run backup / npm run restore as child processes", () => {
  const run = promisify(execFile);
  const root = path.resolve(import.meta.dirname, "../..");
  const node = (script: string, args: string[], env: Record<string, string>) =>
    run(process.execPath, [path.join(root, "scripts", script), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code: number; stdout: string; stderr: string }) => ({
        code: err.code,
        stdout: err.stdout,
        stderr: err.stderr,
      }),
    );
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb("sqlite");
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("backup prints the archive's path last; restore refuses, restores with --force, and refuses a damaged copy in one line", async () => {
    const dataDir = tempDir("an-bak-cli-");
    const env = { DATABASE_URL: t.url, DATA_DIR: dataDir };
    const made = await node("backup.ts", [], env);
    expect(made.code).toBe(0);
    const archive = made.stdout.trim().split("\n").at(-1)!;
    expect(path.isAbsolute(archive)).toBe(true);
    expect(path.dirname(archive)).toBe(path.join(dataDir, "backups"));
    expect(statSync(archive).isFile()).toBe(true);

    const refused = await node("restore.ts", [archive], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      "El destino no está vacío (la base de datos tiene tablas): usa --force para reemplazarlo con la copia.",
    );

    const elsewhere = tempDir("an-bak-cli-target-");
    const targetEnv = {
      DATABASE_URL: `file:${path.join(elsewhere, "salon.db")}`,
      DATA_DIR: elsewhere,
      BACKUP_KEY_FILE: path.join(dataDir, "backup-key"),
    };
    const restored = await node("restore.ts", [archive], targetEnv);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("Cadena de registros de facturación correcta: 0 registros verificados.");

    const damaged = path.join(elsewhere, "damaged.anbak");
    const bytes = readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x80;
    writeFileSync(damaged, bytes);
    const bad = await node("restore.ts", [damaged, "--force"], targetEnv);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split("\n")).toEqual([
      "La copia está dañada o incompleta: el descifrado autenticado ha fallado (bytes alterados o archivo cortado).",
    ]);
    const usage = await node("restore.ts", [], targetEnv);
    expect(usage.code).toBe(2);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
  }, 120_000); // four Node processes, each loading the app
});
