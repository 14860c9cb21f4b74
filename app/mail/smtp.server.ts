import nodemailer from "nodemailer";
import { messageIdOf, type Mailer, type MailMessage } from "./mailer.server.ts";

/** Real delivery through the SMTP server of SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message: MailMessage) {
      const { id, ...rest } = message;
      // Resolves once the relay accepted the message (250 after DATA).
      await transport.sendMail({ from, ...rest, ...(id ? { messageId: messageIdOf(id) } : {}) });
    },
  };
}
