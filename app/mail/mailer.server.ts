/** Outgoing mail; SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox. */
export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** "smtp" or "outbox": logged at start. */
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}
