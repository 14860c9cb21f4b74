import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { newId } from "~/lib/ids.server.ts";
import type { Mailer, MailMessage } from "./mailer.server.ts";

/**
 * Without SMTP, each message is built exactly as it would be sent (RFC 822,
 * MIME multipart) and saved as an .eml file that any mail client opens.
 */
export function createOutboxMailer(outboxDir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      // Sortable by time; the id avoids collisions within one millisecond.
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${newId().slice(0, 8)}.eml`;
      await writeFile(path.join(outboxDir, name), info.message as Buffer, { mode: 0o600 });
    },
  };
}
