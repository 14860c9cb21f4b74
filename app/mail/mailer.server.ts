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
  /**
   * Stable id of this message (the outbox job's id): the Message-ID header, and
   * the .eml file name without SMTP, so a job retried after a crash that
   * happened after delivery overwrites the same file instead of adding one.
   */
  id?: string;
  /**
   * Set on mail that is not strictly transactional (a reminder the person can
   * turn off): the List-Unsubscribe header, and List-Unsubscribe-Post for a
   * URL that unsubscribes with one POST and no sign-in (RFC 8058).
   */
  listUnsubscribe?: { url: string; oneClick?: boolean };
}

export interface Mailer {
  /** "smtp" or "outbox": logged at start. */
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

/** RFC 5322 Message-ID for a message id: the same id always gives the same header. */
export function messageIdOf(id: string): string {
  return `<${id.replace(/[^A-Za-z0-9.-]/g, "_")}@alejandranails.es>`;
}

/** The message as nodemailer takes it: From, the Message-ID of its id, the List-Unsubscribe headers. */
export function nodemailerMessage(from: string, message: MailMessage) {
  const { id, listUnsubscribe, ...rest } = message;
  return {
    from,
    ...rest,
    ...(id ? { messageId: messageIdOf(id) } : {}),
    ...(listUnsubscribe
      ? {
          list: { unsubscribe: listUnsubscribe.url },
          ...(listUnsubscribe.oneClick ? { headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {}),
        }
      : {}),
  };
}
