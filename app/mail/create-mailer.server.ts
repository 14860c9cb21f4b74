import path from "node:path";
import type { Config } from "~/config.server.ts";
import type { Mailer } from "./mailer.server.ts";
import { createOutboxMailer } from "./outbox.server.ts";
import { createSmtpMailer } from "./smtp.server.ts";

/** SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox/. */
export function createMailer(
  config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir"> & Partial<Pick<Config, "dkim">>,
): Mailer {
  // Signed with DKIM when DKIM_* is set, the .eml files too (they are what would be sent).
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom, config.dkim ?? null);
  return createOutboxMailer(outboxDir(config), config.mailFrom, config.dkim ?? null);
}

export function outboxDir(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "outbox");
}
