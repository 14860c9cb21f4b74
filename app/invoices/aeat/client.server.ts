/**
 * The HTTP side of the AEAT's web service: a SOAP 1.1 POST over mutual TLS
 * with the salon's certificate. The server's certificate is always verified
 * (Node's CA store, plus NODE_EXTRA_CA_CERTS for a test endpoint): there is no
 * switch to turn that off.
 */
import https from "node:https";
import type { ClientCertificate } from "./certificate.server.ts";

export interface AeatHttpAnswer {
  status: number;
  body: string;
}

/** Posts one envelope; resolves with the status and body, rejects on a network error or timeout. */
export type AeatTransport = (envelope: string) => Promise<AeatHttpAnswer>;

export function httpsTransport(opts: {
  endpoint: string;
  certificate: ClientCertificate;
  /** Whole request (connect + answer), ms. */
  timeoutMs?: number;
  /**
   * Tests only: the CAs to trust instead of Node's store (the stand-in's CA). The
   * site never sets it: a test endpoint is trusted through NODE_EXTRA_CA_CERTS.
   */
  ca?: string;
}): AeatTransport {
  const url = new URL(opts.endpoint);
  if (url.protocol !== "https:") throw new Error(`VERIFACTU_ENDPOINT: debe ser https (${opts.endpoint})`);
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: 1,
    pfx: opts.certificate.pfx,
    passphrase: opts.certificate.passphrase,
    ...(opts.ca ? { ca: opts.ca } : {}),
  });
  const timeoutMs = opts.timeoutMs ?? 120_000;
  return (envelope) =>
    new Promise<AeatHttpAnswer>((resolve, reject) => {
      const body = Buffer.from(envelope, "utf8");
      const req = https.request(
        url,
        {
          method: "POST",
          agent,
          headers: {
            "content-type": "text/xml; charset=utf-8",
            "content-length": body.length,
            soapaction: '""',
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer from the AEAT in ${timeoutMs} ms`)));
      req.on("error", reject);
      req.end(body);
    });
}
