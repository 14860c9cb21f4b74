/** The sender's configuration (issue 32, item 1): the certificate is checked at start, one line when it is wrong. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/config.server.ts";
import { senderLeaseMs } from "~/invoices/aeat/config.server.ts";
import { AEAT_ENDPOINTS } from "~/invoices/aeat/soap.ts";
import { makeTestPki, type TestPki } from "../../scripts/aeat-standin/certs.ts";

let dir: string;
let pki: TestPki;
const dataDir = () => mkdtempSync(path.join(tmpdir(), "an-cfg-"));

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "an-cfg-pki-"));
  pki = makeTestPki(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("VERI*FACTU sender configuration", () => {
  it("reads no certificate with VERIFACTU_MODE=off, and loads it with the mode on", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).aeat).toBeNull();
    const config = loadConfig({
      DATA_DIR: dataDir(),
      VERIFACTU_MODE: "verifactu-test",
      VERIFACTU_CERT_P12: pki.clientP12Path,
      VERIFACTU_CERT_PASSWORD: pki.clientP12Password,
    });
    expect(config.aeat?.endpoint).toBe(AEAT_ENDPOINTS["verifactu-test"]);
    expect(config.aeat?.certificate.notAfter.getTime()).toBeGreaterThan(Date.now());
    expect(config.aeat?.timeoutMs).toBe(120_000);
  });

  it("takes VERIFACTU_TIMEOUT_S in seconds, and refuses one that is not a whole number from 1 to 600", () => {
    const env = {
      DATA_DIR: dataDir(),
      VERIFACTU_MODE: "verifactu-test",
      VERIFACTU_CERT_P12: pki.clientP12Path,
      VERIFACTU_CERT_PASSWORD: pki.clientP12Password,
    };
    const aeat = loadConfig({ ...env, VERIFACTU_TIMEOUT_S: "15" }).aeat;
    expect(aeat?.timeoutMs).toBe(15_000);
    expect(senderLeaseMs(aeat!)).toBe(45_000);
    for (const bad of ["0", "601", "2.5", "pronto"]) {
      expect(() => loadConfig({ ...env, VERIFACTU_TIMEOUT_S: bad })).toThrow(/VERIFACTU_TIMEOUT_S/);
    }
  });

  it.each([
    [{}, "VERIFACTU_CERT_P12"],
    [{ VERIFACTU_CERT_P12: "/no/such/file.p12", VERIFACTU_CERT_PASSWORD: "x" }, "VERIFACTU_CERT_P12"],
    [{ VERIFACTU_CERT_P12: "<p12>", VERIFACTU_CERT_PASSWORD: "wrong" }, "VERIFACTU_CERT_PASSWORD"],
    [{ VERIFACTU_CERT_P12: "<expired>", VERIFACTU_CERT_PASSWORD: "<password>" }, "VERIFACTU_CERT_P12"],
  ])("refuses %o naming %s", (vars, variable) => {
    const env: Record<string, string> = { DATA_DIR: dataDir(), VERIFACTU_MODE: "verifactu" };
    for (const [k, v] of Object.entries(vars)) {
      env[k] = v
        .replace("<p12>", pki.clientP12Path)
        .replace("<expired>", pki.expiredClientP12Path)
        .replace("<password>", pki.clientP12Password);
    }
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Configuración no válida — ${variable}: `, "u"));
  });

  it("stops the start with one line on an expired certificate", () => {
    const res = spawnSync(process.execPath, ["server.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: {
        ...process.env,
        DATA_DIR: dataDir(),
        VERIFACTU_MODE: "verifactu-test",
        VERIFACTU_CERT_P12: pki.expiredClientP12Path,
        VERIFACTU_CERT_PASSWORD: pki.clientP12Password,
      },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(res.status).toBe(1);
    const lines = res.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("VERIFACTU_CERT_P12: el certificado caducó");
  });
});
