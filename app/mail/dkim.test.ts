import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/config.server.ts";
import { buildReminderEmail, reminderUnsubscribeUrl } from "~/orders/reminders.server.ts";
import { dkimConfigOf, DkimConfigError } from "./dkim.server.ts";
import { nodemailerMessage } from "./mailer.server.ts";
import { checkUnsubscribeToken, COURSE_REMINDERS_TOPIC } from "./unsubscribe-token.ts";

const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();
const ed = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const dir = mkdtempSync(path.join(tmpdir(), "an-dkim-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = { DATA_DIR: dir, SESSION_SECRET: "s", PUBLIC_URL: "http://localhost:3999" };

describe("DKIM configuration", () => {
  it("is off without any DKIM_* variable", () => {
    expect(dkimConfigOf({})).toBeNull();
    expect(loadConfig(base).dkim).toBeNull();
  });

  it("takes the key inline (with \\n for line breaks) or from a file", () => {
    const inline = loadConfig({
      ...base,
      DKIM_DOMAIN: "AlejandraNails.es",
      DKIM_SELECTOR: "correo2026",
      DKIM_PRIVATE_KEY: rsa.replaceAll("\n", "\\n"),
    });
    expect(inline.dkim).toEqual({ domainName: "alejandranails.es", keySelector: "correo2026", privateKey: rsa });
    const file = path.join(dir, "dkim.pem");
    writeFileSync(file, rsa);
    expect(dkimConfigOf({ domain: "alejandranails.es", selector: "s1", privateKeyFile: file })?.privateKey).toBe(rsa);
  });

  it("stops the start with one line naming the variable, never the key", () => {
    const attempts: Record<string, string>[] = [
      {
        DKIM_DOMAIN: "alejandranails.es",
        DKIM_SELECTOR: "s1",
        DKIM_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\nsecreto-roto\n-----END PRIVATE KEY-----",
      },
      { DKIM_DOMAIN: "alejandranails.es", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY: ed },
      { DKIM_DOMAIN: "alejandranails.es", DKIM_PRIVATE_KEY: rsa },
      { DKIM_DOMAIN: "no es un dominio", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY: rsa },
      { DKIM_DOMAIN: "alejandranails.es", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY_FILE: path.join(dir, "no-existe.pem") },
    ];
    const expected = [
      /DKIM_PRIVATE_KEY: no es una clave privada PEM válida/,
      /DKIM_PRIVATE_KEY: la clave debe ser RSA/,
      /DKIM_SELECTOR: hace falta/,
      /DKIM_DOMAIN: debe ser un dominio/,
      /DKIM_PRIVATE_KEY_FILE: no se puede leer .*ENOENT/,
    ];
    attempts.forEach((env, i) => {
      let err: unknown;
      try {
        loadConfig({ ...base, ...env });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as Error).message;
      expect(message).toMatch(expected[i]);
      expect(message).not.toContain("\n");
      expect(message).not.toContain("secreto-roto");
      expect(message).not.toContain("BEGIN");
    });
    expect(() => dkimConfigOf({ domain: "a.es", selector: "s", privateKey: rsa, privateKeyFile: "/x" })).toThrow(
      DkimConfigError,
    );
  });
});

describe("METRICS_TOKEN", () => {
  it("is off unless set, and must be long enough to guess at", () => {
    expect(loadConfig(base).metricsToken).toBeNull();
    expect(loadConfig({ ...base, METRICS_TOKEN: "0123456789abcdef" }).metricsToken).toBe("0123456789abcdef");
    expect(() => loadConfig({ ...base, METRICS_TOKEN: "corto" })).toThrow(
      /METRICS_TOKEN: debe tener al menos 16 caracteres/,
    );
  });
});

describe("List-Unsubscribe", () => {
  const origin = "https://www.alejandranails.es";
  const reminder = (unsubscribeUrl: string | null = reminderUnsubscribeUrl(origin, "secreto", "u1")) =>
    buildReminderEmail(
      {
        firstName: "Ana",
        email: "ana@example.com",
        courseId: "c",
        courseTitle: "Gel",
        orderId: "o1",
        startsOn: "2027-01-04",
        endsOn: null,
        locale: "es",
        schedule: "",
        unsubscribeUrl,
      },
      origin,
    );

  it("goes on the course reminder (it can be turned off) as a one-click link, also in the body", () => {
    const url = reminderUnsubscribeUrl(origin, "secreto", "u1");
    const token = url.split("/baja/")[1]!;
    expect(checkUnsubscribeToken(["secreto"], COURSE_REMINDERS_TOPIC, token)).toBe("u1");
    const mail = reminder();
    expect(mail.listUnsubscribe).toEqual({ url, oneClick: true });
    const sent = nodemailerMessage("hola@alejandranails.es", mail);
    expect(sent.list).toEqual({ unsubscribe: url });
    expect(sent.headers).toEqual({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(mail.text).toContain(`puedes desactivarlos en Mi perfil › Configuración o desde este enlace: ${url}`);
    expect(mail.html).toContain(`<a href="${url}"`);
  });

  it("points at the settings, with no List-Unsubscribe-Post, when there is no secret to sign a link", () => {
    const mail = reminder(null);
    expect(mail.listUnsubscribe).toEqual({ url: `${origin}/perfil/ajustes` });
    const sent = nodemailerMessage("hola@alejandranails.es", mail);
    expect(sent.list).toEqual({ unsubscribe: `${origin}/perfil/ajustes` });
    // The settings need a sign-in: not a one-click URL.
    expect("headers" in sent).toBe(false);
    expect(mail.text).toContain("puedes desactivarlos en Mi perfil › Configuración.");
    expect(mail.text).not.toContain("/baja/");
  });

  it("adds List-Unsubscribe-Post only for a one-click URL", () => {
    const sent = nodemailerMessage("hola@alejandranails.es", {
      ...reminder(),
      listUnsubscribe: { url: "https://www.alejandranails.es/baja/t", oneClick: true },
    });
    expect(sent.headers).toEqual({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });
});
