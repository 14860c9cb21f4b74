import type { Assistant } from "./chat/assistant.server.ts";
import type { Config } from "./config.server.ts";
import type { Db, DbKind } from "./db/db.server.ts";
import type { JobWorker } from "./jobs/worker.server.ts";
import type { Logger } from "./lib/logger.server.ts";
import type { Mailer } from "./mail/mailer.server.ts";
import type { PaymentProvider } from "./payments/provider.server.ts";

/**
 * Per-process dependencies handed to every loader and action through React
 * Router context (see app/context.server.ts). Tests build their own.
 * Later integrations (mail, payments, identity, chat) add their field here.
 */
export interface AppServices {
  config: Config;
  db: Db;
  dbKind: DbKind;
  logger: Logger;
  mailer: Mailer;
  /** Stripe Checkout, or the offline demo gateway when STRIPE_SECRET_KEY is unset. */
  payments: PaymentProvider;
  /** The chat assistant's model, trained once at start (app/chat). */
  assistant: Assistant;
  /** The outbox worker (emails, refunds): started here, stopped on shutdown. */
  jobs: JobWorker;
}

/** Opens the database, migrates it and wires every integration (one log line each). */
export async function buildServices(config: Config, logger: Logger): Promise<AppServices> {
  const { createDb, dbKindOf, migrateToLatest } = await import("./db/db.server.ts");
  const dbKind = dbKindOf(config.databaseUrl);
  const db = createDb(config.databaseUrl);
  const applied = await migrateToLatest(db);
  logger.info({ dbKind, applied }, `base de datos: ${dbKind === "sqlite" ? "SQLite embebida" : "PostgreSQL"}`);
  const { createMailer, outboxDir } = await import("./mail/create-mailer.server.ts");
  const mailer = createMailer(config);
  logger.info(
    { mailer: mailer.kind, dkim: config.dkim?.domainName ?? null },
    mailer.kind === "smtp" ? "correo: SMTP (SMTP_URL)" : `correo: archivos .eml en ${outboxDir(config)} (sin SMTP_URL)`,
  );
  const { createPaymentProvider, paymentProviderLogLine } = await import("./payments/create-provider.server.ts");
  const payments = createPaymentProvider(config);
  const paymentsLine = paymentProviderLogLine(config);
  logger[paymentsLine.level]({ payments: payments.name }, paymentsLine.message);
  const { invoicingStartWarnings } = await import("./invoices/software.ts");
  for (const line of invoicingStartWarnings(config)) logger.warn({ verifactuMode: config.verifactuMode }, line);
  const { startAssistant } = await import("./chat/assistant.server.ts");
  const assistant = startAssistant(db, logger);
  const { createJobWorker } = await import("./jobs/worker.server.ts");
  const { jobHandlers } = await import("./job-handlers.server.ts");
  const { backupJobDepsOf, backupScheduleLogLine } = await import("./backups/service.server.ts");
  const backups = backupJobDepsOf(config, db, logger);
  const jobs = createJobWorker({
    db,
    dbKind,
    logger,
    handlers: jobHandlers({ db, logger, mailer, payments, config, backups }),
  });
  // Today's backup and this hour's check, once for all instances (dedupe keys).
  const { ensureBackupSchedule } = await import("./backups/jobs.server.ts");
  await ensureBackupSchedule(db, config.backupSchedule);
  logger.info({ backupSchedule: config.backupSchedule.enabled }, backupScheduleLogLine(config));
  jobs.start();
  return { config, db, dbKind, logger, mailer, payments, assistant, jobs };
}
