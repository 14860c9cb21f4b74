import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/config.server.ts";
import { invoicingOf } from "~/invoices/issue.server.ts";
import { invoicingStartWarnings } from "~/invoices/software.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { buildServices } from "~/services.server.ts";
import { demoPaymentsAllowed, isLoopbackAddress } from "~/routes/pago-demo.server.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "an-cfg-"));

describe("loadConfig", () => {
  it("has working defaults: SQLite in DATA_DIR, localhost origin, demo integrations", () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBe(`file:${path.join(dir, "salon.db")}`);
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.isLocalOrigin).toBe(true);
    expect(c.stripe).toBeNull();
    expect(c.google).toBeNull();
    expect(c.smtpUrl).toBeNull();
    expect(c.sessionSecrets[0]).toMatch(/^[\w-]{40,}$/);
    // The generated secret is stored and reused on the next start.
    expect(loadConfig({ DATA_DIR: dir }).sessionSecrets).toEqual(c.sessionSecrets);
  });

  it("supports secret rotation and real integrations", () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      SESSION_SECRET: "new-secret, old-secret",
      PUBLIC_URL: "https://www.alejandranails.es/",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      DATABASE_URL: "postgres://u@db/salon",
    });
    expect(c.sessionSecrets).toEqual(["new-secret", "old-secret"]);
    expect(c.publicUrl).toBe("https://www.alejandranails.es");
    expect(c.isLocalOrigin).toBe(false);
    expect(c.stripe?.secretKey).toBe("sk_test_x");
    expect(c.google?.issuer).toBe("https://accounts.google.com");
    expect(c.databaseUrl).toBe("postgres://u@db/salon");
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ STRIPE_SECRET_KEY: "sk_test_x" }, "STRIPE_WEBHOOK_SECRET"],
    [{ GOOGLE_CLIENT_ID: "only-id" }, "GOOGLE_CLIENT_ID"],
    [{ PUBLIC_URL: "https://alejandra.example" }, "STRIPE_SECRET_KEY"],
    [{ DEMO_PAYMENTS: "yes" }, "DEMO_PAYMENTS"],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "everyone" }, "TRUST_PROXY"],
    [
      { VERIFACTU_PRODUCER_NAME: "Programas Ejemplo SL", VERIFACTU_PRODUCER_NIF: "B12345678" },
      "VERIFACTU_PRODUCER_NIF",
    ],
    [{ VERIFACTU_PRODUCER_NAME: "Programas Ejemplo SL" }, "VERIFACTU_PRODUCER_NIF"],
    [{ VERIFACTU_SYSTEM_ID: "ANW" }, "VERIFACTU_SYSTEM_ID"],
    [{ VERIFACTU_SYSTEM_NAME: "x".repeat(31) }, "VERIFACTU_SYSTEM_NAME"],
    [{ VERIFACTU_SYSTEM_VERSION: "1".repeat(51) }, "VERIFACTU_SYSTEM_VERSION"],
    [{ VERIFACTU_INSTALLATION_NUMBER: "1".repeat(101) }, "VERIFACTU_INSTALLATION_NUMBER"],
  ])("rejects %o naming %s", (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(variable);
  });

  it("fails closed on money: a public origin without Stripe needs the explicit DEMO_PAYMENTS=1 opt-in", () => {
    // Whatever NODE_ENV says.
    for (const NODE_ENV of [undefined, "development", "production"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://alejandra.example", NODE_ENV })).toThrow(
        /STRIPE_SECRET_KEY: es obligatoria en un sitio público/,
      );
    }
    const demo = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://alejandra.example", DEMO_PAYMENTS: "1" });
    expect(demo.demoPayments).toBe(true);
    const local = loadConfig({ DATA_DIR: dataDir() });
    expect(local.demoPayments).toBe(false);
    expect(local.isLocalOrigin).toBe(true);
  });

  it("reads TRUST_PROXY as loopback by default, a hop count, addresses or false", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe("loopback");
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "10.0.0.0/8, 192.168.1.7" }).trustProxy).toBe("10.0.0.0/8, 192.168.1.7");
  });

  it("refuses to start a public site that would hand out courses for free", () => {
    const res = spawnSync(process.execPath, ["server.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, PUBLIC_URL: "https://alejandra.example", NODE_ENV: "", STRIPE_SECRET_KEY: "", DEMO_PAYMENTS: "", DATA_DIR: dataDir() },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr.trim().split("\n")).toHaveLength(1);
    expect(res.stderr).toContain("STRIPE_SECRET_KEY");
  });

  it("reads the software's identity (SistemaInformatico) with defaults, the NIF normalized", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).software).toEqual({
      producerName: null,
      producerNif: null,
      systemName: "Alejandra Nails web",
      systemId: "AN",
      version: "1.0",
      installationNumber: "1",
    });
    const c = loadConfig({
      DATA_DIR: dataDir(),
      VERIFACTU_PRODUCER_NAME: " Programas Ejemplo SL ",
      VERIFACTU_PRODUCER_NIF: "b-12345674",
      VERIFACTU_SYSTEM_NAME: "Reservas Uñas",
      VERIFACTU_SYSTEM_ID: "RU",
      VERIFACTU_SYSTEM_VERSION: "2.3.1",
      VERIFACTU_INSTALLATION_NUMBER: "SALON-01",
    });
    expect(c.software).toEqual({
      producerName: "Programas Ejemplo SL",
      producerNif: "B12345674",
      systemName: "Reservas Uñas",
      systemId: "RU",
      version: "2.3.1",
      installationNumber: "SALON-01",
    });
    // What every issuer gets (checkout, webhooks, jobs): the records name this producer.
    expect(invoicingOf(c)?.software).toEqual(c.software);
  });

  it("warns once when VERIFACTU_MODE=off runs on a public site, never on a local one", () => {
    const publicOff = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://alejandra.example", DEMO_PAYMENTS: "1" });
    const lines = invoicingStartWarnings(publicOff);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("VERIFACTU_MODE=off");
    expect(lines[0]).toContain("https://alejandra.example");
    expect(lines[0]).toContain("no es legal para un negocio desde 2027");
    expect(invoicingStartWarnings(loadConfig({ DATA_DIR: dataDir() }))).toEqual([]);
    const software = loadConfig({
      DATA_DIR: dataDir(),
      VERIFACTU_PRODUCER_NAME: "Programas Ejemplo SL",
      VERIFACTU_PRODUCER_NIF: "B12345674",
    }).software;
    const site = { isLocalOrigin: false, publicUrl: "https://alejandra.example" };
    expect(invoicingStartWarnings({ ...site, verifactuMode: "verifactu", software })).toEqual([]);
    // A VERI*FACTU mode without a configured producer names the seller: said at the start.
    expect(invoicingStartWarnings({ ...site, verifactuMode: "verifactu", software: publicOff.software })).toEqual([
      expect.stringContaining("VERIFACTU_PRODUCER_NIF"),
    ]);
  });

  it("logs the off-mode warning when a public site starts", async () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://alejandra.example", DEMO_PAYMENTS: "1" });
    let logged = "";
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged += chunk.toString("utf8");
        done();
      },
    });
    const logger = createLogger("info", sink);
    const services = await buildServices(config, logger);
    try {
      const lines = logged.split("\n").filter((l) => l.includes("VERIFACTU_MODE=off"));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]).level).toBe(40); // pino's warn
    } finally {
      await services.jobs.stop();
      await services.db.destroy();
    }
  });

  it("stops the start with one line naming the variable", () => {
    const res = spawnSync(process.execPath, ["server.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, PORT: "abc", DATA_DIR: dataDir() },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(res.status).toBe(1);
    const lines = res.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("PORT");
    expect(res.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it("stops the start with one line on a producer NIF with a wrong check digit", () => {
    // The start prints a ConfigError's message as its only line (the test above, on the built server).
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        VERIFACTU_PRODUCER_NAME: "Programas Ejemplo SL",
        VERIFACTU_PRODUCER_NIF: "B12345678",
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message.split("\n")).toHaveLength(1);
    expect(message).toMatch(/^Configuración no válida — VERIFACTU_PRODUCER_NIF: La letra o el dígito de control/);
  });
});

describe("demo gateway gate", () => {
  it("pays only for a visitor on this machine of a local site, or with DEMO_PAYMENTS=1", () => {
    const local = { isLocalOrigin: true, demoPayments: false };
    expect(demoPaymentsAllowed(local, "127.0.0.1")).toBe(true);
    expect(demoPaymentsAllowed(local, "::1")).toBe(true);
    expect(demoPaymentsAllowed(local, "::ffff:127.0.0.1")).toBe(true);
    // PUBLIC_URL left unset on a server reachable from outside: a remote visitor gets nothing.
    expect(demoPaymentsAllowed(local, "203.0.113.9")).toBe(false);
    expect(demoPaymentsAllowed(local, "unknown")).toBe(false);
    expect(demoPaymentsAllowed({ isLocalOrigin: false, demoPayments: true }, "203.0.113.9")).toBe(true);
    expect(isLoopbackAddress("128.0.0.1")).toBe(false);
  });
});
