import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateKeyPairSync } from "node:crypto";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEmail, resetLink } from "~/auth/password-reset.server.ts";
import { createMailer } from "~/mail/create-mailer.server.ts";
import { dkimConfigOf } from "~/mail/dkim.server.ts";
import { renderEmail } from "~/mail/layout.server.ts";
import { verifyDkim } from "../helpers/dkim.ts";
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

  it("signs with DKIM when DKIM_* is set: the signature verifies with the published key, and not once altered", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const dkim = dkimConfigOf({
      domain: "alejandranails.es",
      selector: "correo2026",
      privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    });
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: "Alejandra Nails <hola@alejandranails.es>",
      dataDir: "/nonexistent",
      dkim,
    });
    await mailer.send({
      ...resetEmail("marta@example.com", "Marta", link),
      id: "job-dkim-1",
      listUnsubscribe: { url: "https://www.alejandranails.es/baja/abc", oneClick: true },
    });
    const msg = inbox.find((m) => m.to.includes("marta@example.com"));
    expect(msg).toBeDefined();
    const raw = msg!.raw;
    expect(raw).toMatch(/^DKIM-Signature: /m);
    const result = verifyDkim(raw, publicKey);
    expect(result.reason).toBe("pass");
    expect(result.tags.d).toBe("alejandranails.es");
    expect(result.tags.s).toBe("correo2026");
    const signed = result.tags.h.toLowerCase().split(":");
    for (const field of ["from", "to", "subject", "list-unsubscribe", "list-unsubscribe-post"])
      expect(signed).toContain(field);
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/www\.alejandranails\.es\/baja\/abc>/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // Another key, a changed subject or a changed body: no longer verifies.
    expect(verifyDkim(raw, generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey).ok).toBe(false);
    expect(verifyDkim(raw.replace(/^Subject: .*$/m, "Subject: Otro asunto"), publicKey).ok).toBe(false);
    expect(verifyDkim(`${raw}Posdata añadida\r\n`, publicKey).reason).toBe("body hash mismatch");
  });

  it("sends no DKIM signature and no List-Unsubscribe unless asked", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: "hola@alejandranails.es",
      dataDir: "/nonexistent",
    });
    await mailer.send(resetEmail("nuria@example.com", "Nuria", link));
    const raw = inbox.find((m) => m.to.includes("nuria@example.com"))!.raw;
    expect(raw).not.toMatch(/^DKIM-Signature:/m);
    expect(raw).not.toMatch(/^List-Unsubscribe/m);
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

  it("signs the .eml files too when DKIM_* is set", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const dkim = dkimConfigOf({
      domain: "alejandranails.es",
      selector: "correo2026",
      privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    });
    const signedDir = mkdtempSync(path.join(tmpdir(), "an-outbox-dkim-"));
    try {
      const mailer = createMailer({ smtpUrl: null, mailFrom: "hola@alejandranails.es", dataDir: signedDir, dkim });
      await mailer.send({ ...resetEmail("eva@example.com", "Eva", link), id: "job-eml-1" });
      const raw = readFileSync(path.join(signedDir, "outbox", "msg-job-eml-1.eml"), "utf8");
      expect(verifyDkim(raw, publicKey).reason).toBe("pass");
    } finally {
      rmSync(signedDir, { recursive: true, force: true });
    }
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
