import { describe, expect, it } from "vitest";
import {
  archiveName,
  archiveTime,
  BackupError,
  checkEntries,
  isSafeEntryPath,
  parseManifest,
  type BackupManifest,
} from "./manifest.ts";

const HASH = "a".repeat(64);

function manifest(overrides: Partial<BackupManifest> = {}): BackupManifest {
  return {
    format: "alejandra-nails-backup",
    formatVersion: 1,
    appVersion: "0.0.0",
    createdAt: "2026-11-28T03:00:00.000Z",
    database: { kind: "sqlite", schema: null, migration: "0020-verifactu-sender", entry: "database/salon.sqlite" },
    counts: { orders: 2, invoices: 1, billingRecords: 1, appointments: 3, users: 4 },
    entries: [
      { path: "database/salon.sqlite", bytes: 4096, sha256: HASH },
      { path: "data/session-secret", bytes: 43, sha256: "b".repeat(64) },
    ],
    ...overrides,
  };
}

const parse = (m: unknown) => () => parseManifest(JSON.stringify(m));

describe("archive names", () => {
  it("name the UTC minute, with a suffix for a second copy in the same minute", () => {
    const at = new Date("2026-11-28T03:00:59.999Z");
    expect(archiveName(at)).toBe("alejandra-nails-2026-11-28T0300Z.anbak");
    expect(archiveName(at, 2)).toBe("alejandra-nails-2026-11-28T0300Z-2.anbak");
    expect(archiveName(new Date("2027-01-05T23:41:00+01:00"))).toBe("alejandra-nails-2027-01-05T2241Z.anbak");
  });

  it("give their time back, and nothing for other files", () => {
    expect(archiveTime("alejandra-nails-2026-11-28T0300Z-2.anbak")).toEqual(new Date("2026-11-28T03:00:00Z"));
    expect(archiveTime(".alejandra-nails-2026-11-28T0300Z.anbak.partial")).toBeNull();
    expect(archiveTime("alejandra-nails-2026-13-45T0300Z.anbak")).toBeNull();
    expect(archiveTime("backup-key")).toBeNull();
  });
});

describe("entry paths", () => {
  it("allow the manifest, the database and DATA_DIR files only, never a way out", () => {
    for (const ok of ["manifest.json", "database/salon.sqlite", "data/img/curso-640.avif", "data/session-secret"]) {
      expect(isSafeEntryPath(ok), ok).toBe(true);
    }
    for (const bad of [
      "../etc/passwd",
      "data/../../x",
      "/data/x",
      "data//x",
      "data/./x",
      "other/x",
      "data\\x",
      "data/a\nb",
      "data/",
    ]) {
      expect(isSafeEntryPath(bad), bad).toBe(false);
    }
  });
});

describe("parseManifest", () => {
  it("reads a sound manifest as it was written", () => {
    expect(parseManifest(JSON.stringify(manifest()))).toEqual(manifest());
  });

  it("refuses a foreign file, a newer format and a damaged manifest with one Spanish line", () => {
    expect(() => parseManifest("not json")).toThrow("La copia está dañada: su manifiesto no es JSON válido.");
    expect(parse({ format: "other", formatVersion: 1 })).toThrow(
      "El archivo no es una copia de seguridad de Alejandra Nails.",
    );
    expect(parse(manifest({ formatVersion: 2 as 1 }))).toThrow(
      "La copia tiene un formato más nuevo (versión 2) que esta aplicación (versión 1): actualízala antes de restaurar.",
    );
    expect(parse({ ...manifest(), counts: { orders: -1 } })).toThrow(BackupError);
    expect(parse(manifest({ entries: [{ path: "../x", bytes: 1, sha256: HASH }] }))).toThrow(
      "La copia está dañada: su manifiesto no es válido (entries.0.path).",
    );
    expect(parse(manifest({ entries: [{ path: "database/salon.sqlite", bytes: 1, sha256: "XYZ" }] }))).toThrow(
      "su manifiesto no es válido (entries.0.sha256)",
    );
  });

  it("requires the database entry of its kind, and each path once", () => {
    expect(parse(manifest({ entries: [{ path: "data/session-secret", bytes: 1, sha256: HASH }] }))).toThrow(
      "La copia está dañada: su manifiesto no nombra la base de datos.",
    );
    const pg = manifest();
    pg.database = { ...pg.database, kind: "postgres" };
    expect(parse(pg)).toThrow("no nombra la base de datos");
    const twice = manifest();
    twice.entries.push({ ...twice.entries[1]! });
    expect(parse(twice)).toThrow("La copia está dañada: su manifiesto repite o nombra mal data/session-secret.");
  });
});

describe("checkEntries", () => {
  const found = () => new Map(manifest().entries.map((e) => [e.path, { bytes: e.bytes, sha256: e.sha256 }] as const));

  it("passes when every entry is there with its size and checksum, and nothing else", () => {
    expect(() => checkEntries(manifest(), found())).not.toThrow();
  });

  it("names a missing entry, a checksum or size that differs, and an entry the manifest does not list", () => {
    const missing = found();
    missing.delete("data/session-secret");
    expect(() => checkEntries(manifest(), missing)).toThrow("La copia está incompleta: falta data/session-secret.");
    const altered = found();
    altered.set("database/salon.sqlite", { bytes: 4096, sha256: "c".repeat(64) });
    expect(() => checkEntries(manifest(), altered)).toThrow(
      "La copia está dañada: database/salon.sqlite no coincide con su suma de comprobación.",
    );
    const shorter = found();
    shorter.set("database/salon.sqlite", { bytes: 4095, sha256: HASH });
    expect(() => checkEntries(manifest(), shorter)).toThrow("no coincide con su suma de comprobación");
    const extra = found();
    extra.set("data/img/x.avif", { bytes: 1, sha256: HASH });
    expect(() => checkEntries(manifest(), extra)).toThrow(
      "La copia está dañada: data/img/x.avif no figura en su manifiesto.",
    );
  });
});
