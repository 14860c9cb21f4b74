import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { newId } from "~/lib/ids.server.ts";
import { dkimTransportOptions, type DkimConfig } from "./dkim.server.ts";
import { nodemailerMessage, type Mailer, type MailMessage } from "./mailer.server.ts";

/**
 * Without SMTP, each message is built exactly as it would be sent (RFC 822,
 * MIME multipart) and saved as an .eml file that any mail client opens.
 */
export function createOutboxMailer(outboxDir: string, from: string, dkim: DkimConfig | null = null): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
    ...dkimTransportOptions(dkim),
  });
  return {
    kind: "outbox",
    async send(message: MailMessage) {
      const { id } = message;
      const info = await transport.sendMail(nodemailerMessage(from, message));
      await mkdir(outboxDir, { recursive: true });
      // A message with an id always lands in the same file (a retried job overwrites
      // it); others are sortable by time, the random part avoids collisions.
      const name = id
        ? `msg-${id.replace(/[^A-Za-z0-9-]/g, "_")}.eml`
        : `${new Date().toISOString().replace(/[:.]/g, "-")}-${newId().slice(0, 8)}.eml`;
      // Written aside then renamed: a crash never leaves half a message behind.
      const tmp = path.join(outboxDir, `.${name}.${process.pid}.tmp`);
      await writeFile(tmp, info.message as Buffer, { mode: 0o600 });
      await rename(tmp, path.join(outboxDir, name));
    },
  };
}
