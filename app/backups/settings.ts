/**
 * The schedule and the off-site copy of the backups, from the environment
 * (read by app/config.server.ts): BACKUP_SCHEDULE (on | off; default on in
 * production, off elsewhere), BACKUP_TIME (HH:MM in Madrid, default 03:30) and
 * BACKUP_S3_* (off while BACKUP_S3_BUCKET is unset). Pure.
 */
import { DEFAULT_BACKUP_TIME, parseWallTime, type WallTime } from "./schedule.ts";

export interface BackupScheduleSettings {
  enabled: boolean;
  time: WallTime;
}

/** The S3-compatible bucket of BACKUP_S3_*. */
export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (https://endpoint/bucket/key): what S3-compatible services expect; AWS itself (no endpoint) not. */
  forcePathStyle: boolean;
}

export interface BackupEnv {
  BACKUP_SCHEDULE?: string;
  BACKUP_TIME?: string;
  BACKUP_S3_ENDPOINT?: string;
  BACKUP_S3_BUCKET?: string;
  BACKUP_S3_REGION?: string;
  BACKUP_S3_ACCESS_KEY_ID?: string;
  BACKUP_S3_SECRET_ACCESS_KEY?: string;
  BACKUP_S3_PREFIX?: string;
}

export type BackupSettingsResult =
  { ok: true; schedule: BackupScheduleSettings; offsite: S3Settings | null } | { ok: false; problems: string[] };

export function backupSettingsOf(env: BackupEnv, production: boolean): BackupSettingsResult {
  const problems: string[] = [];
  const switchText = env.BACKUP_SCHEDULE?.trim().toLowerCase();
  if (switchText !== undefined && switchText !== "on" && switchText !== "off") {
    problems.push("BACKUP_SCHEDULE: debe ser on u off");
  }
  const time = parseWallTime(env.BACKUP_TIME ?? DEFAULT_BACKUP_TIME);
  if (!time) problems.push("BACKUP_TIME: debe ser una hora HH:MM (hora de Madrid), por ejemplo 03:30");
  const bucket = env.BACKUP_S3_BUCKET;
  const hasKey = !!env.BACKUP_S3_ACCESS_KEY_ID;
  const hasSecret = !!env.BACKUP_S3_SECRET_ACCESS_KEY;
  if (hasKey !== hasSecret) {
    problems.push("BACKUP_S3_ACCESS_KEY_ID/BACKUP_S3_SECRET_ACCESS_KEY: hay que definir las dos o ninguna");
  }
  if (!bucket && (env.BACKUP_S3_ENDPOINT || hasKey || hasSecret)) {
    problems.push("BACKUP_S3_BUCKET: es obligatoria cuando se configura la copia externa (BACKUP_S3_*)");
  }
  let endpoint = env.BACKUP_S3_ENDPOINT;
  if (endpoint !== undefined) {
    try {
      const url = new URL(endpoint);
      if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("protocol");
      endpoint = endpoint.replace(/\/+$/, "");
    } catch {
      problems.push("BACKUP_S3_ENDPOINT: debe ser una URL http(s) absoluta");
    }
  }
  if (problems.length > 0 || !time) return { ok: false, problems };
  return {
    ok: true,
    schedule: { enabled: switchText === undefined ? production : switchText === "on", time },
    offsite: bucket
      ? {
          endpoint,
          bucket,
          region: env.BACKUP_S3_REGION ?? "us-east-1",
          prefix: env.BACKUP_S3_PREFIX ?? "",
          accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
          secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
          forcePathStyle: endpoint !== undefined,
        }
      : null,
  };
}
