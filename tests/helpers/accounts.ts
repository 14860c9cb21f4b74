import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { createUser } from "~/auth/accounts.server.ts";
import { hashPassword } from "~/auth/password.server.ts";
import { loadConfig, type Config } from "~/config.server.ts";
import { clientIpContext, servicesContext } from "~/context.server.ts";
import type { Db, DbKind } from "~/db/db.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import type { Mailer, MailMessage } from "~/mail/mailer.server.ts";
import type { AppServices } from "~/services.server.ts";

/** A mailer that keeps messages in memory. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: "outbox",
    sent,
    async send(m) {
      sent.push(m);
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), "an-acc-"));
  return {
    ...loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "test-secret-1,old-secret", PUBLIC_URL: "http://localhost:3999" }),
    ...overrides,
  };
}

/** React Router context as the Express adapter builds it, for calling loaders/actions directly. */
export function makeContext(db: Db, kind: DbKind, opts: { ip?: string; config?: Config; mailer?: Mailer } = {}) {
  // Accounts code never touches the other integrations (payments, assistant…): left out on purpose.
  const services = {
    config: opts.config ?? testConfig(),
    db,
    dbKind: kind,
    logger: createLogger("silent"),
    mailer: opts.mailer ?? memoryMailer(),
  } as AppServices;
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(clientIpContext, opts.ip ?? "203.0.113.7");
  return { context, services };
}

export async function makeUser(db: Db, email = "ana@example.com", password = "uñas-bonitas") {
  const id = await createUser(db, {
    email,
    firstName: "Ana",
    lastName: "López",
    phone: "600 000 000",
    passwordHash: await hashPassword(password),
  });
  return { id, email, password };
}

export function formRequest(url: string, fields: Record<string, string>, cookie?: string): Request {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  return new Request(url, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

/** "an_session=abc; Path=/; …" → "an_session=abc" for a Cookie header. */
export const cookiePair = (setCookie: string): string => setCookie.split(";")[0];
