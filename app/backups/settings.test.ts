import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/config.server.ts";
import { backupSettingsOf } from "./settings.ts";
import { formatMegabytes } from "./status.ts";

describe("backup settings", () => {
  it("schedules by default in production only, at 03:30, with no off-site copy", () => {
    expect(backupSettingsOf({}, true)).toEqual({
      ok: true,
      schedule: { enabled: true, time: { hour: 3, minute: 30 } },
      offsite: null,
    });
    expect(backupSettingsOf({}, false)).toMatchObject({ ok: true, schedule: { enabled: false } });
    expect(backupSettingsOf({ BACKUP_SCHEDULE: "off" }, true)).toMatchObject({ schedule: { enabled: false } });
    expect(backupSettingsOf({ BACKUP_SCHEDULE: "on", BACKUP_TIME: "22:15" }, false)).toMatchObject({
      schedule: { enabled: true, time: { hour: 22, minute: 15 } },
    });
  });

  it("configures an S3-compatible bucket, path-style when it has an endpoint", () => {
    const result = backupSettingsOf(
      {
        BACKUP_S3_ENDPOINT: "https://s3.example.com/",
        BACKUP_S3_BUCKET: "copias",
        BACKUP_S3_ACCESS_KEY_ID: "id",
        BACKUP_S3_SECRET_ACCESS_KEY: "secreto",
        BACKUP_S3_PREFIX: "salon",
      },
      true,
    );
    expect(result).toMatchObject({
      ok: true,
      offsite: {
        endpoint: "https://s3.example.com",
        bucket: "copias",
        region: "us-east-1",
        prefix: "salon",
        forcePathStyle: true,
      },
    });
    expect(backupSettingsOf({ BACKUP_S3_BUCKET: "copias", BACKUP_S3_REGION: "eu-south-2" }, true)).toMatchObject({
      offsite: { region: "eu-south-2", forcePathStyle: false },
    });
  });

  it("names every wrong variable, without echoing a secret", () => {
    const result = backupSettingsOf(
      {
        BACKUP_SCHEDULE: "sí",
        BACKUP_TIME: "3h",
        BACKUP_S3_ENDPOINT: "ftp://x",
        BACKUP_S3_SECRET_ACCESS_KEY: "muy-secreto",
      },
      true,
    );
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems.map((p) => p.split(":")[0])).toEqual([
      "BACKUP_SCHEDULE",
      "BACKUP_TIME",
      "BACKUP_S3_ACCESS_KEY_ID/BACKUP_S3_SECRET_ACCESS_KEY",
      "BACKUP_S3_BUCKET",
      "BACKUP_S3_ENDPOINT",
    ]);
    expect(problems.join(" ")).not.toContain("muy-secreto");
  });
});

describe("the configuration", () => {
  it("carries the schedule and the bucket, and stops the start on a wrong value without echoing the secret", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "an-backup-config-"));
    try {
      const base = { DATA_DIR: dataDir, SESSION_SECRET: "s" };
      const config = loadConfig({ ...base, NODE_ENV: "production", BACKUP_S3_BUCKET: "copias", BACKUP_TIME: "04:15" });
      expect(config.backupSchedule).toEqual({ enabled: true, time: { hour: 4, minute: 15 } });
      expect(config.backupOffsite).toMatchObject({ bucket: "copias", prefix: "", forcePathStyle: false });
      expect(loadConfig(base).backupSchedule.enabled).toBe(false);
      expect(loadConfig(base).backupOffsite).toBeNull();
      const wrong = () => loadConfig({ ...base, BACKUP_TIME: "25:00", BACKUP_S3_SECRET_ACCESS_KEY: "muy-secreto" });
      expect(wrong).toThrow(ConfigError);
      expect(wrong).toThrow(/BACKUP_TIME: debe ser una hora HH:MM/);
      expect(wrong).not.toThrow(/muy-secreto/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("sizes on the panel", () => {
  it("are megabytes in Spanish notation", () => {
    expect(formatMegabytes(12_400_000)).toBe("12 MB");
    expect(formatMegabytes(3_456_789)).toBe("3,5 MB");
    expect(formatMegabytes(456_789)).toBe("0,46 MB");
    expect(formatMegabytes(1_234_567_890)).toBe("1235 MB");
    expect(formatMegabytes(12_345_678_901)).toBe("12.346 MB");
  });
});
