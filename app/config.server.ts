import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { site } from "~/content/site.ts";
import "~/lib/zod-spanish.server.ts";
import { z } from "zod";
import { backupSettingsOf, type BackupScheduleSettings, type S3Settings } from "~/backups/settings.ts";
import { parseSellerForm, SELLER_FIELDS, type SellerData, type SellerField } from "~/domain/seller.ts";
import { VERIFACTU_MODES, type VerifactuMode } from "~/invoices/verifactu.ts";
import { parseSoftwareIdentity, SOFTWARE_ENV, type SoftwareIdentity } from "~/invoices/software.ts";
import { aeatConfigOf, type AeatConfig } from "~/invoices/aeat/config.server.ts";
import { CertificateError } from "~/invoices/aeat/certificate.server.ts";
import { dkimConfigOf, DkimConfigError, type DkimConfig } from "~/mail/dkim.server.ts";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** An empty variable (`FOO=`) means unset, as for a shell user it does. */
function emptyAsUnset(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .refine((v) => v.startsWith("file:") || /^postgres(ql)?:\/\//.test(v), {
      message: "debe empezar por file: o postgres://",
    })
    .optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: "debe ser una URL http(s) absoluta" })
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  SESSION_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: z.url().optional(),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), { message: "debe empezar por smtp:// o smtps://" })
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, { message: "debe tener al menos 16 caracteres" }).optional()),
  DKIM_DOMAIN: optionalString,
  DKIM_SELECTOR: optionalString,
  DKIM_PRIVATE_KEY: optionalString,
  DKIM_PRIVATE_KEY_FILE: optionalString,
  SALON_NOTIFY_EMAIL: z.preprocess(emptyAsUnset, z.email({ message: "debe ser una dirección de correo" }).optional()),
  TRUST_PROXY: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .refine((v) => v !== "true" && v !== "*", {
        message: "no puede ser true: se fiaría de X-Forwarded-For de cualquiera; indica saltos (1) o direcciones/CIDR",
      })
      .refine((v) => v === "false" || v === "loopback" || /^\d{1,2}$/.test(v) || isAddressList(v), {
        message: "debe ser loopback, false, un número de saltos o una lista de direcciones IP/CIDR separadas por comas",
      })
      .default("loopback")
      // Express "trust proxy": a hop count is a number, "false" trusts nobody.
      .transform((v): string | number | false => (v === "false" ? false : /^\d+$/.test(v) ? Number(v) : v)),
  ),
  DEMO_PAYMENTS: optionalString.pipe(z.enum(["0", "1"]).optional()),
  WEB_CONCURRENCY: z.preprocess(
    emptyAsUnset,
    z.coerce.number({ message: "debe ser un número" }).int("debe ser un número entero").min(1).max(64).optional(),
  ),
  SELLER_LEGAL_NAME: optionalString,
  SELLER_NIF: optionalString,
  SELLER_ADDRESS: optionalString,
  SELLER_POSTAL_CODE: optionalString,
  SELLER_CITY: optionalString,
  SELLER_PROVINCE: optionalString,
  SELLER_REGISTRY: optionalString,
  INVOICE_SERIES_PREFIX: optionalString,
  VERIFACTU_MODE: z.preprocess(emptyAsUnset, z.enum(VERIFACTU_MODES).default("off")),
  VERIFACTU_ENDPOINT: optionalString,
  VERIFACTU_CERT_P12: optionalString,
  // Not trimmed: a password may hold spaces.
  VERIFACTU_CERT_PASSWORD: z.string().optional(),
  VERIFACTU_TIMEOUT_S: z.preprocess(
    emptyAsUnset,
    z.coerce.number({ message: "debe ser un número" }).int("debe ser un número entero").min(1).max(600).optional(),
  ),
  VERIFACTU_PRODUCER_NAME: optionalString,
  VERIFACTU_PRODUCER_NIF: optionalString,
  VERIFACTU_SYSTEM_NAME: optionalString,
  VERIFACTU_SYSTEM_ID: optionalString,
  VERIFACTU_SYSTEM_VERSION: optionalString,
  VERIFACTU_INSTALLATION_NUMBER: optionalString,
  BACKUP_DIR: optionalString,
  // Not logged, never echoed back: the age identity (AGE-SECRET-KEY-1…) of the backups.
  BACKUP_KEY: optionalString,
  BACKUP_KEY_FILE: optionalString,
  BACKUP_SCHEDULE: optionalString,
  BACKUP_TIME: optionalString,
  BACKUP_S3_ENDPOINT: optionalString,
  BACKUP_S3_BUCKET: optionalString,
  BACKUP_S3_REGION: optionalString,
  BACKUP_S3_ACCESS_KEY_ID: optionalString,
  // Not logged (the logger redacts *.secretAccessKey), never echoed back.
  BACKUP_S3_SECRET_ACCESS_KEY: optionalString,
  BACKUP_S3_PREFIX: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().optional(),
});

/** The variable that sets each seller field (Gestión's /gestion/datos-fiscales takes precedence). */
const SELLER_ENV = {
  legalName: "SELLER_LEGAL_NAME",
  nif: "SELLER_NIF",
  address: "SELLER_ADDRESS",
  postalCode: "SELLER_POSTAL_CODE",
  city: "SELLER_CITY",
  province: "SELLER_PROVINCE",
  registry: "SELLER_REGISTRY",
  seriesPrefix: "INVOICE_SERIES_PREFIX",
} as const satisfies Record<SellerField, keyof z.infer<typeof envSchema>>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  publicUrl: string;
  /** First secret signs; the others are accepted while rotating. */
  sessionSecrets: string[];
  stripe: { secretKey: string; webhookSecret: string; apiBase?: string } | null;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** DKIM signing of every outgoing message (DKIM_*); null: unsigned. */
  dkim: DkimConfig | null;
  /** Bearer token of /metrics (METRICS_TOKEN); null: /metrics answers 404. */
  metricsToken: string | null;
  /** Where the salon is told of sales, withdrawals and refunds (switches at /gestion/avisos). */
  salonNotifyEmail: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** Server processes (cluster workers) in production; default: one per core. */
  webConcurrency: number;
  /**
   * Express "trust proxy": which peers may set X-Forwarded-For (per-address rate
   * limits). "loopback" (default), a hop count, or addresses/CIDRs; never "any".
   */
  trustProxy: string | number | false;
  /**
   * The demo gateway may mark orders paid on a public origin (explicit opt-in,
   * DEMO_PAYMENTS=1; such orders are labelled demo). Without it the demo gateway
   * only runs on a local origin, and a public origin without Stripe refuses to start.
   */
  demoPayments: boolean;
  /**
   * The seller's legal identity from SELLER_* (each may be empty). What the owner
   * saves in Gestión (/gestion/datos-fiscales) takes precedence, field by field.
   */
  seller: Partial<SellerData>;
  /**
   * "off" (default): billing records are kept and chained but not sent, and the
   * QR points to the AEAT's check for non-VERI*FACTU invoices. "verifactu" /
   * "verifactu-test": the records are for the AEAT's (test) service.
   */
  verifactuMode: VerifactuMode;
  /** The AEAT's service and the salon's certificate (VERIFACTU_ENDPOINT, VERIFACTU_CERT_*); null with VERIFACTU_MODE=off. */
  aeat: AeatConfig | null;
  /** The software's identity in each record's SistemaInformatico (VERIFACTU_PRODUCER_*, VERIFACTU_SYSTEM_*). */
  software: SoftwareIdentity;
  /**
   * Backups (app/backups/): where archives go (BACKUP_DIR, default DATA_DIR/backups) and
   * their key, inline (BACKUP_KEY) or as a file (BACKUP_KEY_FILE); neither: DATA_DIR/backup-key.
   */
  backup: { dir: string; key: string | null; keyFile: string | null };
  /** The daily backup on the outbox (BACKUP_SCHEDULE, BACKUP_TIME in Madrid): on by default in production. */
  backupSchedule: BackupScheduleSettings;
  /** The off-site copy's S3-compatible bucket (BACKUP_S3_*); null: off. */
  backupOffsite: S3Settings | null;
  /** True when PUBLIC_URL is plain-http localhost: cookies may drop `Secure`. */
  isLocalOrigin: boolean;
  production: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment once at boot; one line names every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`Configuración no válida — ${problems}`);
  }
  const e = parsed.data;
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      "Configuración no válida — STRIPE_WEBHOOK_SECRET: es obligatoria cuando STRIPE_SECRET_KEY está definida",
    );
  }
  if (!!e.GOOGLE_CLIENT_ID !== !!e.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError(
      "Configuración no válida — GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET: hay que definir las dos o ninguna",
    );
  }
  const sellerInput = Object.fromEntries(SELLER_FIELDS.map((f) => [f, e[SELLER_ENV[f]]])) as Record<SellerField, string | undefined>;
  const seller = parseSellerForm(sellerInput);
  if (!seller.ok) {
    const problems = Object.entries(seller.errors).map(([f, message]) => `${SELLER_ENV[f as SellerField]}: ${message}`);
    throw new ConfigError(`Configuración no válida — ${problems.join("; ")}`);
  }
  const software = parseSoftwareIdentity(
    Object.fromEntries(Object.entries(SOFTWARE_ENV).map(([field, name]) => [field, e[name]])),
  );
  if (!software.ok) throw new ConfigError(`Configuración no válida — ${software.problems.join("; ")}`);
  let aeat: AeatConfig | null;
  try {
    aeat = aeatConfigOf({
      mode: e.VERIFACTU_MODE,
      endpoint: e.VERIFACTU_ENDPOINT,
      certP12: e.VERIFACTU_CERT_P12,
      certPassword: e.VERIFACTU_CERT_PASSWORD,
      timeoutS: e.VERIFACTU_TIMEOUT_S,
    });
  } catch (err) {
    if (err instanceof CertificateError) throw new ConfigError(`Configuración no válida — ${err.message}`);
    throw err;
  }
  let dkim: DkimConfig | null;
  try {
    dkim = dkimConfigOf({
      domain: e.DKIM_DOMAIN,
      selector: e.DKIM_SELECTOR,
      privateKey: e.DKIM_PRIVATE_KEY,
      privateKeyFile: e.DKIM_PRIVATE_KEY_FILE,
    });
  } catch (err) {
    if (err instanceof DkimConfigError) throw new ConfigError(`Configuración no válida — ${err.message}`);
    throw err;
  }
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.BACKUP_KEY && e.BACKUP_KEY_FILE) {
    throw new ConfigError("Configuración no válida — BACKUP_KEY/BACKUP_KEY_FILE: define una de las dos, no ambas");
  }
  const backupSettings = backupSettingsOf(e, e.NODE_ENV === "production");
  if (!backupSettings.ok) throw new ConfigError(`Configuración no válida — ${backupSettings.problems.join("; ")}`);
  const demoPayments = e.DEMO_PAYMENTS === "1";
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const host = new URL(publicUrl).hostname;
  const isLocalOrigin =
    publicUrl.startsWith("http://") && (host === "localhost" || host === "127.0.0.1" || host === "[::1]");
  if (!e.STRIPE_SECRET_KEY && !isLocalOrigin && !demoPayments) {
    throw new ConfigError(
      `Configuración no válida — STRIPE_SECRET_KEY: es obligatoria en un sitio público (${publicUrl}); sin ella la pasarela de demostración entregaría cursos sin cobrar (DEMO_PAYMENTS=1 la permite a propósito)`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    webConcurrency: e.WEB_CONCURRENCY ?? availableParallelism(),
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `file:${path.join(dataDir, "salon.db")}`,
    publicUrl,
    sessionSecrets: (e.SESSION_SECRET ?? readOrCreateSecret(dataDir))
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiBase: e.STRIPE_API_BASE }
      : null,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER ?? "https://accounts.google.com",
          }
        : null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? "Alejandra Nails <hola@alejandranails.es>",
    dkim,
    metricsToken: e.METRICS_TOKEN ?? null,
    salonNotifyEmail: e.SALON_NOTIFY_EMAIL ?? site.email,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    // Only the variables that were set: an unset one leaves the field to Gestión.
    seller: Object.fromEntries(
      Object.entries(seller.data).filter(([field]) => sellerInput[field as SellerField] !== undefined),
    ),
    verifactuMode: e.VERIFACTU_MODE,
    aeat,
    software: software.value,
    demoPayments,
    backup: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, "backups")),
      key: e.BACKUP_KEY ?? null,
      keyFile: e.BACKUP_KEY_FILE ? path.resolve(e.BACKUP_KEY_FILE) : null,
    },
    backupSchedule: backupSettings.schedule,
    backupOffsite: backupSettings.offsite,
    isLocalOrigin,
    production: e.NODE_ENV === "production",
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function isAddressList(value: string): boolean {
  return value
    .split(",")
    .map((p) => p.trim())
    .every((p) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(p) && (p.includes(".") || p.includes(":")));
}
