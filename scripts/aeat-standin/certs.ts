/**
 * Test certificates for the AEAT stand-in, made with the system's openssl: a
 * CA, a server certificate for 127.0.0.1 and localhost, a client certificate
 * as a password-protected PKCS#12 (as the salon's certificate is), and a
 * client certificate that has already expired. Files are reused when present.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface TestPki {
  caPem: string;
  serverKeyPem: string;
  serverCertPem: string;
  clientP12Path: string;
  clientP12Password: string;
  expiredClientP12Path: string;
  caPath: string;
}

const PASSWORD = "simulador-aeat";

function openssl(dir: string, ...args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
}

const CA_CONFIG = `[ca]
default_ca = test
[test]
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = anything
unique_subject = no
[anything]
commonName = supplied
serialNumber = optional
`;

/** YYYYMMDDHHMMSSZ, as openssl ca takes its dates. */
function asn1Time(date: Date): string {
  return `${date.toISOString().replace(/[-:T]/g, "").slice(0, 14)}Z`;
}

/** A key and a certificate signed by the CA, valid from `startDays` (from now) for `days`: in the past for an expired one. */
function issue(dir: string, name: string, subject: string, extensions: string, startDays: number, days: number): void {
  openssl(
    dir,
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    `${name}.key`,
    "-out",
    `${name}.csr`,
    "-subj",
    subject,
  );
  writeFileSync(join(dir, `${name}.ext`), extensions);
  if (!existsSync(join(dir, "serial"))) {
    writeFileSync(join(dir, "ca.cnf"), CA_CONFIG);
    writeFileSync(join(dir, "index.txt"), "");
    writeFileSync(join(dir, "serial"), "1000\n");
  }
  const start = new Date(Date.now() + startDays * 86_400_000);
  const end = new Date(start.getTime() + days * 86_400_000);
  // openssl ca, not x509 -req: OpenSSL 3.0's x509 cannot set a start date, and the expired certificate needs one.
  openssl(
    dir,
    "ca",
    "-batch",
    "-notext",
    "-config",
    "ca.cnf",
    "-cert",
    "ca.pem",
    "-keyfile",
    "ca.key",
    "-in",
    `${name}.csr`,
    "-out",
    `${name}.pem`,
    "-extfile",
    `${name}.ext`,
    "-startdate",
    asn1Time(start),
    "-enddate",
    asn1Time(end),
  );
}

export function makeTestPki(dir: string): TestPki {
  mkdirSync(dir, { recursive: true });
  const at = (file: string) => join(dir, file);
  if (!existsSync(at("ca.pem"))) {
    openssl(
      dir,
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "ca.key",
      "-out",
      "ca.pem",
      "-days",
      "3650",
      "-subj",
      "/CN=Simulador AEAT CA de pruebas",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
    );
  }
  if (!existsSync(at("server.pem"))) {
    issue(
      dir,
      "server",
      "/CN=localhost",
      "subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost\nextendedKeyUsage=serverAuth\n",
      -1,
      825,
    );
  }
  if (!existsSync(at("client.p12"))) {
    issue(
      dir,
      "client",
      "/CN=ALEJANDRA PRUEBAS - 89890001K/serialNumber=IDCES-89890001K",
      "extendedKeyUsage=clientAuth\n",
      -1,
      825,
    );
    openssl(
      dir,
      "pkcs12",
      "-export",
      "-inkey",
      "client.key",
      "-in",
      "client.pem",
      "-certfile",
      "ca.pem",
      "-out",
      "client.p12",
      "-passout",
      `pass:${PASSWORD}`,
    );
  }
  if (!existsSync(at("client-expired.p12"))) {
    issue(dir, "client-expired", "/CN=CERTIFICADO CADUCADO - 89890001K", "extendedKeyUsage=clientAuth\n", -30, 10);
    openssl(
      dir,
      "pkcs12",
      "-export",
      "-inkey",
      "client-expired.key",
      "-in",
      "client-expired.pem",
      "-out",
      "client-expired.p12",
      "-passout",
      `pass:${PASSWORD}`,
    );
  }
  return {
    caPem: readFileSync(at("ca.pem"), "utf8"),
    serverKeyPem: readFileSync(at("server.key"), "utf8"),
    serverCertPem: readFileSync(at("server.pem"), "utf8"),
    clientP12Path: at("client.p12"),
    clientP12Password: PASSWORD,
    expiredClientP12Path: at("client-expired.p12"),
    caPath: at("ca.pem"),
  };
}
