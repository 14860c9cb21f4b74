/**
 * The AEAT stand-in for the sender's tests: started with the test PKI's server
 * certificate, and the real HTTPS transport with the test client certificate
 * (the CA passed in, since NODE_EXTRA_CA_CERTS is read only at process start).
 */
import { loadClientCertificate } from "~/invoices/aeat/certificate.server.ts";
import { httpsTransport, type AeatTransport } from "~/invoices/aeat/client.server.ts";
import type { TestPki } from "../../scripts/aeat-standin/certs.ts";
import { startAeatStandIn, type AeatStandIn } from "../../scripts/aeat-standin/server.ts";

export async function startTestAeat(pki: TestPki): Promise<{ standIn: AeatStandIn; transport: AeatTransport }> {
  const standIn = await startAeatStandIn({ key: pki.serverKeyPem, cert: pki.serverCertPem, ca: pki.caPem });
  const certificate = loadClientCertificate(pki.clientP12Path, pki.clientP12Password);
  const transport = httpsTransport({ endpoint: standIn.url, certificate, ca: pki.caPem, timeoutMs: 10_000 });
  return { standIn, transport };
}
