import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestPki, type TestPki } from "../../../scripts/aeat-standin/certs.ts";
import { CertificateError, loadClientCertificate } from "./certificate.server.ts";
import { aeatConfigOf } from "./config.server.ts";
import { AEAT_ENDPOINTS } from "./soap.ts";

let dir: string;
let pki: TestPki;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "aeat-cert-"));
  pki = makeTestPki(dir);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the salon's certificate", () => {
  it("opens a valid PKCS#12 and reads its end of validity", () => {
    const cert = loadClientCertificate(pki.clientP12Path, pki.clientP12Password);
    expect(cert.notAfter.getTime()).toBeGreaterThan(Date.now());
    expect(cert.pfx.length).toBeGreaterThan(0);
  });

  it("stops with one line on a missing file, a wrong password or an expired certificate", () => {
    const message = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        expect(err).toBeInstanceOf(CertificateError);
        return (err as Error).message;
      }
      throw new Error("expected a CertificateError");
    };
    const missing = message(() => loadClientCertificate(join(dir, "no-such.p12"), "x"));
    expect(missing).toMatch(/^VERIFACTU_CERT_P12: no se puede leer/u);
    const wrong = message(() => loadClientCertificate(pki.clientP12Path, "not-the-password"));
    expect(wrong).toMatch(/^VERIFACTU_CERT_PASSWORD: la contraseña no abre/u);
    const expired = message(() => loadClientCertificate(pki.expiredClientP12Path, pki.clientP12Password));
    expect(expired).toMatch(/^VERIFACTU_CERT_P12: el certificado caducó el \d{4}-\d{2}-\d{2}$/u);
    for (const line of [missing, wrong, expired]) expect(line).not.toContain("\n");
  });

  it("is required with the mode on, and picks the AEAT's URL unless VERIFACTU_ENDPOINT overrides it", () => {
    expect(aeatConfigOf({ mode: "off" })).toBeNull();
    expect(() => aeatConfigOf({ mode: "verifactu" })).toThrow(/VERIFACTU_CERT_P12/u);
    expect(() => aeatConfigOf({ mode: "verifactu", certP12: pki.clientP12Path })).toThrow(/VERIFACTU_CERT_PASSWORD/u);
    const cert = { certP12: pki.clientP12Path, certPassword: pki.clientP12Password };
    expect(aeatConfigOf({ mode: "verifactu", ...cert })?.endpoint).toBe(AEAT_ENDPOINTS.verifactu);
    expect(aeatConfigOf({ mode: "verifactu-test", ...cert })?.endpoint).toBe(AEAT_ENDPOINTS["verifactu-test"]);
    expect(aeatConfigOf({ mode: "verifactu-test", endpoint: "https://127.0.0.1:9443/x", ...cert })?.endpoint).toBe(
      "https://127.0.0.1:9443/x",
    );
    expect(() => aeatConfigOf({ mode: "verifactu", endpoint: "http://aeat.example/", ...cert })).toThrow(
      /VERIFACTU_ENDPOINT/u,
    );
  });
});
