import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEmail, resetLink } from "~/auth/password-reset.server.ts";
import { createMailer } from "~/mail/create-mailer.server.ts";
import { renderEmail } from "~/mail/layout.server.ts";
import { decodeQuotedPrintable } from "../helpers/eml.ts";
import { freePort } from "../helpers/server.ts";

interface Captured {
  from: string;
  to: string[];
  raw: string;
}

const link = resetLink("https://www.alejandranails.es", "tok_abc-123");

describe("mail over real SMTP (smtp-server)", () => {
  let server: SMTPServer;
  let port: number;
  const inbox: Captured[] = [];

  beforeAll(async () => {
    port = await freePort();
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        let raw = "";
        stream.setEncoding("utf8");
        stream.on("data", (d: string) => (raw += d));
        stream.on("end", () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("sends the Spanish reset email with HTML and text parts and the link", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: "Alejandra Nails <hola@alejandranails.es>",
      dataDir: "/nonexistent",
    });
    expect(mailer.kind).toBe("smtp");
    await mailer.send(resetEmail("lucia@example.com", "Lucía", link));

    expect(inbox).toHaveLength(1);
    const [msg] = inbox;
    expect(msg.from).toBe("hola@alejandranails.es");
    expect(msg.to).toEqual(["lucia@example.com"]);
    expect(msg.raw).toMatch(/^Subject: =\?UTF-8\?/m); // encoded because of "ñ"
    expect(msg.raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(msg.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(msg.raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    const body = decodeQuotedPrintable(msg.raw);
    expect(body).toContain("Hola, Lucía:");
    expect(body).toContain("Restablece tu contraseña");
    expect(body).toContain("caduca en 1 hora");
    expect(body).toContain(link);
    expect(body).toContain(`href="${link}"`);
    expect(body).toContain('<html lang="es">');
    expect(body).toContain("Carrer Major, 48");
  });
});

describe("outbox mailer (no SMTP_URL)", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "an-outbox-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("writes a complete RFC 822 message as an .eml file", async () => {
    const mailer = createMailer({ smtpUrl: null, mailFrom: "Alejandra Nails <hola@alejandranails.es>", dataDir });
    expect(mailer.kind).toBe("outbox");
    await mailer.send(resetEmail("ana@example.com", "Ana", link));
    const files = readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(path.join(dataDir, "outbox", files[0]), "utf8");
    expect(raw).toMatch(/^From: Alejandra Nails <hola@alejandranails.es>$/m);
    expect(raw).toMatch(/^To: ana@example.com$/m);
    expect(raw).toMatch(/^Message-ID: </m);
    expect(raw).toMatch(/^Date: /m);
    expect(decodeQuotedPrintable(raw)).toContain(link);
  });
});

describe("renderEmail", () => {
  it("escapes the title and frames the text version with the salon footer", () => {
    const { html, text } = renderEmail({ title: "<Hola>", preheader: "p", bodyHtml: "<p>x</p>", bodyText: "x" });
    expect(html).toContain("&lt;Hola&gt;");
    expect(html).not.toContain("<Hola>");
    expect(text).toContain("Alejandra Nails");
    expect(text).toContain("Lunes a viernes: 09:00 - 21:00");
  });
});
