import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "./mailer.server.ts";

/** Real delivery through the SMTP server of SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
  };
}
