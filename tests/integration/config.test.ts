import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/config.server.ts";
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
