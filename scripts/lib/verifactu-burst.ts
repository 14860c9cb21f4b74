// One burst of real purchases against the production build with VERI*FACTU on:
// the server (`node server.ts`) pays through the real Stripe SDK against the
// local Stripe stand-in (signed webhooks), issues the invoices and sends their
// billing records to the local AEAT stand-in over mutual TLS. Used by
// `npm run bench:verifactu` (prints the exchange) and by the kill -9 test
// (tests/integration/verifactu-live.test.ts).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { startStripeMock, type StripeMock } from "../../tests/helpers/stripe-mock.ts";
import { makeTestPki } from "../aeat-standin/certs.ts";
import { startAeatStandIn, type AeatStandIn } from "../aeat-standin/server.ts";
import { postHeaders, registerAccounts } from "./accounts.ts";
import { openDb } from "./db.ts";
import { createClient } from "./http.ts";
import { createTarget, seedTarget, ServerLog, startApp, type AppServer, type DbKind } from "./server.ts";
import { sleep } from "./util.ts";

export interface BurstOptions {
  appDir: string;
  kind: DbKind;
  pgUrl: string;
  purchases: number;
  /** Bursts of `purchases`, each sent once the previous one was accepted. */
  waves: number;
  /** The stand-in's TiempoEsperaEnvio, seconds. */
  waitS: number;
  /** The first n requests get a 503. */
  fail503: number;
  /** Kill -9 the server while the stand-in holds its answer to the first request that gets through, then restart it. */
  kill: boolean;
  /** Give up waiting for every record to be accepted after this long. */
  deadlineMs: number;
  verbose?: boolean;
}

export interface Exchange {
  /** ms since the first purchase was paid. */
  at: number;
  outcome: string;
  records: number;
}

export interface BurstResult {
  kind: DbKind;
  /** ms after the first wave's payments when each later wave's payments were made. */
  waveStarts: number[];
  /** Invoices issued (billing records in the chain). */
  records: number;
  /** Every POST the AEAT stand-in received, failed ones included. */
  exchanges: Exchange[];
  /** Records the stand-in registered, by invoice, and how many times each arrived. */
  acceptedAtAeat: number;
  timesReceived: Map<string, number>;
  /** Each record's state in the site's database. */
  states: Map<string, number>;
  /** The huellas the stand-in registered equal the chain's, in order. */
  chainMatches: boolean;
  /** `npm run facturas:verificar` on the database: exit code and last line. */
  verify: { code: number; line: string };
  /** The kill: when, relative to the first paid purchase, and how long the restart took. */
  killedAt: number | null;
  restartMs: number | null;
  serverErrors: string[];
  http5xx: number;
  /** ms from the first paid purchase until every record was accepted (null: not within the deadline). */
  settledAfter: number | null;
}

const WEBHOOK_SECRET = "whsec_verifactu_burst";
/** The seller of the invoices (tests/helpers/invoices.ts has the same; importing it would load the app's "~/" modules). */
const SELLER = {
  SELLER_LEGAL_NAME: "Alejandra Ruiz García",
  SELLER_NIF: "12345678Z",
  SELLER_ADDRESS: "Carrer Major 12",
  SELLER_POSTAL_CODE: "08750",
  SELLER_CITY: "Molins de Rei",
  SELLER_PROVINCE: "Barcelona",
};
const BILLING = {
  billingName: "Lucía Pérez",
  billingTaxId: "12345678Z",
  billingAddress: "Carrer Major 1",
  billingPostalCode: "08750",
  billingCity: "Molins de Rei",
};

/** The environment that turns VERI*FACTU and Stripe on for the build, against the two stand-ins. */
function serverEnv(standIn: AeatStandIn, stripe: StripeMock, pki: ReturnType<typeof makeTestPki>, kill: boolean) {
  return {
    STRIPE_SECRET_KEY: "sk_test_verifactu_burst",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    VERIFACTU_MODE: "verifactu-test",
    VERIFACTU_ENDPOINT: standIn.url,
    VERIFACTU_CERT_P12: pki.clientP12Path,
    VERIFACTU_CERT_PASSWORD: pki.clientP12Password,
    // A short timeout makes the sender's lease short, so the restarted server sends again soon after a kill.
    VERIFACTU_TIMEOUT_S: "5",
    NODE_EXTRA_CA_CERTS: pki.caPath,
    ...SELLER,
    // One process for a kill: with a cluster, killing the primary lets the workers finish gracefully.
    WEB_CONCURRENCY: kill ? "1" : "2",
    LOG_LEVEL: "info",
  };
}

export async function runVerifactuBurst(opts: BurstOptions): Promise<BurstResult> {
  const target = await createTarget(opts.kind, opts.pgUrl, { label: `verifactu-${opts.kind}` });
  seedTarget(opts.appDir, target, { seats: 1000 });
  const pki = makeTestPki(path.join(target.dataDir, "aeat-pki"));
  const standIn = await startAeatStandIn({
    key: pki.serverKeyPem,
    cert: pki.serverCertPem,
    ca: pki.caPem,
    tiempoEsperaEnvio: opts.waitS,
  });
  const stripe = await startStripeMock(WEBHOOK_SECRET);
  const log = new ServerLog();
  const env = serverEnv(standIn, stripe, pki, opts.kill);
  let server: AppServer | null = null;
  const db = await openDb(opts.appDir, target.databaseUrl);
  try {
    server = await startApp({ appDir: opts.appDir, target, log, env, echo: opts.verbose });
    const http = createClient(server.port, { connections: opts.purchases + 4 });
    const origin = server.origin;
    const catalogue = JSON.parse(
      (await http.request({ method: "GET", path: "/api/catalogue" })).body.toString(),
    ) as { courses: { id: string }[] };
    const courseIds = catalogue.courses.map((c) => c.id);
    const buyers = await registerAccounts(http, origin, opts.purchases, { prefix: `aeat-${opts.kind}-${Date.now().toString(36)}` });

    /** One wave: every checkout first, then the payments arrive together, as a burst. */
    const wave = async (w: number) => {
      const sessions = await Promise.all(
        buyers.map(async (buyer, i) => {
          const res = await http.request({
            method: "POST",
            path: "/api/create-checkout-session",
            headers: postHeaders(origin, buyer.address, buyer.cookie, "application/json"),
            body: JSON.stringify({
              courseIds: [courseIds[(i + w) % courseIds.length]],
              paymentMethod: "card",
              withdrawalWaiver: true,
              billing: BILLING,
            }),
          });
          if (res.status !== 200)
            throw new Error(`checkout answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
          const { orderId } = JSON.parse(res.body.toString()) as { orderId: string };
          const session = [...stripe.sessions.values()].find(
            (s) => s.client_reference_id === orderId || s.metadata.order_id === orderId,
          );
          if (!session) throw new Error(`no Stripe session for order ${orderId}`);
          return session.id;
        }),
      );
      const paymentsAt = Date.now();
      await Promise.all(
        sessions.map(async (sessionId) => {
          stripe.setSession(sessionId, { status: "complete", payment_status: "paid" });
          const event = stripe.signedEvent("checkout.session.completed", sessionId);
          const res = await http.request({
            method: "POST",
            path: "/api/webhooks/stripe",
            headers: { "content-type": "application/json", "stripe-signature": event.signature },
            body: event.body,
          });
          if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
        }),
      );
      return paymentsAt;
    };
    standIn.failNext(opts.fail503, "503");
    if (opts.kill) standIn.holdNext(1, 4_000);
    const t0 = await wave(0);
    const waveStarts: number[] = [];

    let killedAt: number | null = null;
    let restartMs: number | null = null;
    if (opts.kill) {
      // The first request that gets through: the stand-in registers its records, then holds the answer.
      const before = standIn.requests.length;
      while (standIn.requests.length === before && Date.now() - t0 < opts.deadlineMs) await sleep(20);
      await sleep(500);
      killedAt = Date.now() - t0;
      await server.kill9();
      const r0 = Date.now();
      server = await startApp({ appDir: opts.appDir, target, log, env, port: server.port, echo: opts.verbose });
      restartMs = Date.now() - r0;
    }

    const states = async () =>
      new Map(
        (
          await db.all<{ state: string; n: number | string }>(
            "select state, count(*) as n from billing_record_status group by state",
          )
        ).map((r) => [r.state, Number(r.n)]),
      );
    const recordCount = async () =>
      Number((await db.all<{ n: number | string }>("select count(*) as n from billing_records"))[0].n);
    /** Waits until every record in the chain (at least `expected`) is accepted; ms after t0, or null. */
    const settle = async (expected: number): Promise<number | null> => {
      while (Date.now() - t0 < opts.deadlineMs) {
        const now = await states();
        const records = await recordCount();
        if (records >= expected && (now.get("accepted") ?? 0) === records) return Date.now() - t0;
        await sleep(250);
      }
      return null;
    };
    let settledAfter = await settle(opts.purchases);
    // A second wave right after the first was answered: its request must wait the TiempoEsperaEnvio.
    for (let w = 1; w < opts.waves && settledAfter !== null; w++) {
      waveStarts.push((await wave(w)) - t0);
      settledAfter = await settle(opts.purchases * (w + 1));
    }
    http.close();
    await server.stop();
    server = null;

    const chain = await db.all<{ invoice_number: string; huella: string }>(
      "select invoice_number, huella from billing_records order by position",
    );
    const timesReceived = new Map<string, number>();
    for (const request of standIn.requests)
      for (const record of request.records)
        timesReceived.set(record.numSerie, (timesReceived.get(record.numSerie) ?? 0) + 1);
    const accepted = standIn.accepted();
    const acceptedInOrder = chain.map((r) => [...accepted].find(([key]) => key.split("|")[1] === r.invoice_number)?.[1].huella);
    const exchanges: Exchange[] = [];
    let answered = 0;
    for (const attempt of standIn.attempts) {
      const received = attempt.outcome === "answered" ? standIn.requests[answered++] : undefined;
      exchanges.push({ at: attempt.at - t0, outcome: attempt.outcome, records: received?.recordCount ?? 0 });
    }
    return {
      kind: opts.kind,
      waveStarts,
      records: chain.length,
      exchanges,
      acceptedAtAeat: accepted.size,
      timesReceived,
      states: await states(),
      chainMatches: chain.length > 0 && chain.every((r, i) => acceptedInOrder[i] === r.huella),
      verify: verifyInvoices(opts.appDir, target),
      killedAt,
      restartMs,
      serverErrors: log.summary(),
      http5xx: log.http5xx,
      settledAfter,
    };
  } finally {
    await server?.stop();
    await db.close();
    await standIn.close();
    await stripe.close();
    await target.cleanup();
  }
}

/** `npm run facturas:verificar` against the run's database, as the owner would run it. */
function verifyInvoices(appDir: string, target: { dataDir: string; databaseUrl: string }): { code: number; line: string } {
  try {
    const out = execFileSync(process.execPath, [path.join(appDir, "scripts", "verify-invoices.ts")], {
      cwd: appDir,
      env: { ...process.env, DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl, LOG_LEVEL: "warn" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 60_000,
    });
    return { code: 0, line: out.trim().split("\n").at(-1) ?? "" };
  } catch (error) {
    const e = error as { status?: number; stdout?: string; stderr?: string };
    return { code: e.status ?? 1, line: `${e.stdout ?? ""}${e.stderr ?? ""}`.trim().split("\n").at(-1) ?? "" };
  }
}
