import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateX25519Identity, identityToRecipient } from "age-encryption";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { pgEnv } from "./database-snapshot.server.ts";
import { loadBackupKey } from "./key.server.ts";

function config(backup: { dir?: string; key?: string; keyFile?: string } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "an-key-"));
  return {
    dataDir,
    backup: {
      dir: backup.dir ?? path.join(dataDir, "backups"),
      key: backup.key ?? null,
      keyFile: backup.keyFile ?? null,
    },
  };
}

describe("loadBackupKey", () => {
  it("the first backup generates DATA_DIR/backup-key (0600, an age identity file); later calls read the same key", async () => {
    const c = config();
    await expect(loadBackupKey(c)).rejects.toThrow(
      "No hay clave de copia: define BACKUP_KEY o BACKUP_KEY_FILE con la clave con la que se hizo la copia.",
    );
    const made = await loadBackupKey(c, { generate: true });
    expect(made.generated).toBe(true);
    const file = path.join(c.dataDir, "backup-key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, "utf8");
    expect(text).toContain(`# public key: ${made.recipient}`);
    expect(text.split("\n").filter((l) => l.startsWith("AGE-SECRET-KEY-1"))).toEqual([made.identity]);
    const again = await loadBackupKey(c, { generate: true });
    expect(again).toMatchObject({ identity: made.identity, recipient: made.recipient, generated: false });
  });

  it("takes BACKUP_KEY as it is, and BACKUP_KEY_FILE's key", async () => {
    const identity = await generateX25519Identity();
    const inline = await loadBackupKey(config({ key: identity }));
    expect(inline).toMatchObject({ identity, recipient: await identityToRecipient(identity), source: "BACKUP_KEY" });
    const elsewhere = path.join(mkdtempSync(path.join(tmpdir(), "an-key-file-")), "clave");
    writeFileSync(elsewhere, `# comentario\n\n${identity}\n`);
    expect((await loadBackupKey(config({ keyFile: elsewhere }))).identity).toBe(identity);
  });

  it("refuses a key file inside BACKUP_DIR, a missing BACKUP_KEY_FILE and a value that is not a key", async () => {
    const c = config();
    const inside = config({ dir: c.dataDir, keyFile: path.join(c.dataDir, "sub", "k") });
    await expect(loadBackupKey(inside, { generate: true })).rejects.toThrow(
      `La clave de las copias (${path.join(c.dataDir, "sub", "k")}) no puede estar dentro de BACKUP_DIR (${c.dataDir})`,
    );
    // BACKUP_DIR=DATA_DIR would put the generated key beside the archives.
    await expect(
      loadBackupKey({ dataDir: c.dataDir, backup: { dir: c.dataDir, key: null, keyFile: null } }, { generate: true }),
    ).rejects.toThrow("no puede estar dentro de BACKUP_DIR");
    await expect(loadBackupKey(config({ keyFile: "/nonexistent/clave" }), { generate: true })).rejects.toThrow(
      "BACKUP_KEY_FILE: no existe el archivo /nonexistent/clave.",
    );
    await expect(loadBackupKey(config({ key: "age1notasecret" }))).rejects.toThrow(
      "BACKUP_KEY no es una clave de copia válida (debe empezar por AGE-SECRET-KEY-1).",
    );
  });
});

describe("the configuration", () => {
  it("defaults BACKUP_DIR to DATA_DIR/backups and refuses BACKUP_KEY with BACKUP_KEY_FILE", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "an-key-config-"));
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "s" }).backup).toEqual({
      dir: path.join(dataDir, "backups"),
      key: null,
      keyFile: null,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "s", BACKUP_DIR: "/srv/copias", BACKUP_KEY_FILE: "/etc/clave" })
        .backup,
    ).toEqual({
      dir: "/srv/copias",
      key: null,
      keyFile: "/etc/clave",
    });
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        SESSION_SECRET: "s",
        BACKUP_KEY: "AGE-SECRET-KEY-1X",
        BACKUP_KEY_FILE: "/etc/clave",
      }),
    ).toThrow("Configuración no válida — BACKUP_KEY/BACKUP_KEY_FILE: define una de las dos, no ambas");
  });
});

describe("pgEnv", () => {
  it("passes the connection in libpq's variables, password included, so no tool sees it in its arguments", () => {
    expect(
      pgEnv("postgres://salon:p%40ss%20w@db.example:6543/alejandra?sslmode=require&options=-c%20search_path%3Dsalon"),
    ).toEqual({
      PGHOST: "db.example",
      PGPORT: "6543",
      PGUSER: "salon",
      PGPASSWORD: "p@ss w",
      PGDATABASE: "alejandra",
      PGSSLMODE: "require",
      PGOPTIONS: "-c search_path=salon",
    });
  });
});
