import nodemailer from "nodemailer";
import { dkimTransportOptions, type DkimConfig } from "./dkim.server.ts";
import { nodemailerMessage, type Mailer, type MailMessage } from "./mailer.server.ts";

/** Real delivery through the SMTP server of SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export function createSmtpMailer(smtpUrl: string, from: string, dkim: DkimConfig | null = null): Mailer {
  // Bounded waits: a send must finish well inside the outbox job's 60 s lease, or
  // another worker could take the job while this one is still talking to the relay.
  const transport = nodemailer.createTransport({
    ...smtpOptionsFromUrl(smtpUrl),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...dkimTransportOptions(dkim),
  });
  return {
    kind: "smtp",
    async send(message: MailMessage) {
      // Resolves once the relay accepted the message (250 after DATA).
      await transport.sendMail(nodemailerMessage(from, message));
    },
  };
}

/** smtp(s)://user:pass@host:port → nodemailer options (its own URL form takes no other options). */
function smtpOptionsFromUrl(smtpUrl: string) {
  const u = new URL(smtpUrl);
  const secure = u.protocol === "smtps:";
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
  };
}
