// `npm run bench:crash [-- --buyers=40 --orders=2 --kills=2 --drain=75 --db=sqlite|postgres|both]`
//
// kill -9 during a burst of purchases, restart, check. Per database: start the
// production build (BUILD_DIR, default ./build), register --buyers accounts,
// then every buyer concurrently opens --orders checkouts (JSON API) and pays
// each on the demo gateway; meanwhile the server is killed with SIGKILL --kills
// times (when a third, two thirds… of the payments are through) and restarted
// on the same port, DATA_DIR and DATABASE_URL. Buyers retry like people do: a
// failed checkout is opened again (the server reuses the pending order), a
// failed payment is paid again on the same order; a share of payments is sent
// twice at once (double click); each retry waits longer (0.25 s doubling to 4 s),
// so nobody reaches the per-buyer checkout limit. After the burst the server runs --drain seconds
// (its job worker delivers email; 75 s by default when there are kills, one job lease and a margin), is stopped, and the database and the outbox
// are checked directly:
//   - every paid order has one enrolment per line (lines refunded as duplicates excepted);
//   - no order without items;
//   - seats_taken of each edition = its active enrolments;
//   - exactly one confirmation email (.eml in DATA_DIR/outbox) per paid order;
//   - every payment a buyer saw succeed is paid in the database.
// Exit code 1 on any defect.
import path from "node:path";
import { postHeaders, registerAccounts, type Account } from "./lib/accounts.ts";
import { createClient, type HttpClient, type HttpResponse } from "./lib/http.ts";
import { openDb } from "./lib/db.ts";
import { readOutbox } from "./lib/outbox.ts";
import { parseCli, prepareRun } from "./lib/cli.ts";
import { selectDatabases, startApp, type AppServer, type DbKind, type DbTarget, type ServerLog } from "./lib/server.ts";
import { clip, numberFlag, seededRandom, shuffle, sleep, type Rng } from "./lib/util.ts";

const cli = parseCli(777);
const { flags, seed: SEED, appDir } = cli;
const BUYERS = Math.max(1, numberFlag(flags, "buyers", 40));
const ORDERS = Math.max(1, numberFlag(flags, "orders", 2));
const KILLS = numberFlag(flags, "kills", 2);
/**
 * A job a killed worker had claimed is retaken when its 60 s lease ends
 * (app/jobs/worker.server.ts), so after a kill the drain outlasts one lease.
 */
const DRAIN_S = numberFlag(flags, "drain", KILLS > 0 ? 75 : 10);
const DOUBLE_CLICK = Math.min(1, numberFlag(flags, "double-click", 0.2));
/** Per buyer: give up (and report) after this long. */
const BUYER_DEADLINE_MS = 120_000;

/** The buyers' billing details (the same for all: the check is about orders, not invoices). */
const BILLING = {
  billingName: "Prueba Carga",
  billingTaxId: "12345678Z",
  billingAddress: "Carrer Major 48",
  billingPostalCode: "08750",
  billingCity: "Molins de Rei",
};

/**
 * How long a buyer waits before trying again: like a person, longer each time
 * (0.25 s doubling to 4 s, with jitter), so a server down for a few seconds
 * costs a handful of attempts and no buyer reaches the site's limit of 20
 * checkouts in 10 minutes.
 */
const retryDelay = (rng: Rng, tries: number): number => Math.min(4000, 250 * 2 ** tries) * (0.75 + rng() * 0.5);

interface BurstStats {
  attempts: number;
  failedAttempts: number;
  /** Orders whose payment page answered with the redirect to /success. */
  acknowledged: Set<string>;
  gaveUp: string[];
  kills: { atPaid: number; inFlight: number; restartMs: number }[];
  seconds: number;
  failures: Map<string, number>;
}

interface Defects {
  [name: string]: number;
}

async function runOnDb(kind: DbKind, pgUrl: string): Promise<{ defects: Defects; lines: string[] }> {
  const { target, log, startServer } = await prepareRun(cli, kind, pgUrl, "crash");
  let server: AppServer | null = null;
  let client: HttpClient | null = null;
  try {
    server = await startServer();
    const port = server.port;
    const origin = server.origin;
    client = createClient(port, { connections: BUYERS * 2 + 8 });
    const http = client;
    const catalogue = await http.request({ method: "GET", path: "/api/catalogue" });
    const courseIds = (JSON.parse(catalogue.body.toString()) as { courses: { id: string }[] }).courses.map((c) => c.id);
    if (courseIds.length < ORDERS)
      throw new Error(`--orders=${ORDERS} needs as many courses (catalogue has ${courseIds.length})`);
    const buyers = await registerAccounts(http, origin, BUYERS, {
      prefix: `crash-${kind}-${Date.now().toString(36)}`,
      concurrency: 8,
    });
    console.log(`  ${buyers.length} buyers registered; burst of ${BUYERS * ORDERS} purchases with ${KILLS} × kill -9`);

    const stats: BurstStats = {
      attempts: 0,
      failedAttempts: 0,
      acknowledged: new Set(),
      gaveUp: [],
      kills: [],
      seconds: 0,
      failures: new Map(),
    };
    const total = BUYERS * ORDERS;
    let paid = 0;
    let inFlight = 0;
    let killing: Promise<void> | null = null;
    const thresholds = Array.from({ length: KILLS }, (_, k) =>
      Math.max(1, Math.floor((total * (k + 1)) / (KILLS + 1))),
    );

    const killAndRestart = (rng: Rng) => {
      if (killing) return;
      killing = (async () => {
        await sleep(Math.floor(rng() * 40)); // land at a random point of the requests in flight
        const at = { atPaid: paid, inFlight, restartMs: 0 };
        await server!.kill9();
        const t0 = performance.now();
        server = await startApp({ appDir, target, log, port });
        at.restartMs = performance.now() - t0;
        stats.kills.push(at);
        console.log(
          `  kill -9 #${stats.kills.length} after ${at.atPaid}/${total} payments, ${at.inFlight} requests in flight; back in ${(at.restartMs / 1000).toFixed(1)} s`,
        );
      })().finally(() => (killing = null));
    };

    const attempt = async (req: Parameters<HttpClient["request"]>[0]): Promise<HttpResponse> => {
      stats.attempts++;
      inFlight++;
      const res = await http.request({ timeoutMs: 20_000, ...req });
      inFlight--;
      return res;
    };
    const noteFailure = (what: string, res: HttpResponse) => {
      stats.failedAttempts++;
      const key = `${what} → ${res.status || res.error}`;
      stats.failures.set(key, (stats.failures.get(key) ?? 0) + 1);
    };

    /** One buyer: ORDERS purchases in sequence, each retried until it goes through. */
    const buyerRun = async (buyer: Account, index: number) => {
      const rng = seededRandom((SEED + index * 104729) >>> 0);
      const courses = shuffle(rng, [...courseIds]);
      // Disjoint carts: one course, then the next ones (a two-course cart when there are enough).
      const carts: string[][] = [];
      let next = 0;
      for (let o = 0; o < ORDERS; o++) {
        const size = o > 0 && courses.length - next > ORDERS - o && rng() < 0.5 ? 2 : 1;
        carts.push(courses.slice(next, next + size));
        next += size;
      }
      const deadline = Date.now() + BUYER_DEADLINE_MS;
      for (const cart of carts) {
        await sleep(Math.floor(rng() * 150));
        let orderId: string | null = null;
        let checkoutTries = 0;
        while (!orderId && Date.now() < deadline) {
          const res = await attempt({
            method: "POST",
            path: "/api/create-checkout-session",
            headers: postHeaders(origin, buyer.address, buyer.cookie, "application/json"),
            // Billing details: a cart above 400 € needs a factura completa (RD 1619/2012 art. 4.1).
            body: JSON.stringify({ courseIds: cart, paymentMethod: "card", withdrawalWaiver: true, billing: BILLING }),
          });
          if (res.status === 200) orderId = (JSON.parse(res.body.toString()) as { orderId: string }).orderId;
          else {
            noteFailure("checkout", res);
            await sleep(retryDelay(rng, checkoutTries++));
          }
        }
        if (!orderId) {
          stats.gaveUp.push(`${buyer.email}: checkout of ${cart.join("+")}`);
          continue;
        }
        await sleep(Math.floor(rng() * 150));
        let done = false;
        let payTries = 0;
        while (!done && Date.now() < deadline) {
          const pay = () =>
            attempt(
              // No X-Forwarded-For: the demo gateway only pays for loopback clients.
              {
                method: "POST",
                path: `/pago-demo/${orderId}`,
                headers: postHeaders(origin, null, buyer.cookie),
                body: "intent=pay",
              },
            );
          const results = rng() < DOUBLE_CLICK ? await Promise.all([pay(), pay()]) : [await pay()];
          for (const res of results) {
            if ((res.status === 302 || res.status === 303) && String(res.headers.location ?? "").includes("/success"))
              done = true;
            else noteFailure("pay", res);
          }
          if (!done) await sleep(retryDelay(rng, payTries++));
        }
        if (!done) {
          stats.gaveUp.push(`${buyer.email}: payment of order ${orderId}`);
          continue;
        }
        stats.acknowledged.add(orderId);
        paid++;
        if (stats.kills.length < KILLS && paid >= thresholds[stats.kills.length]) killAndRestart(rng);
      }
    };

    const t0 = performance.now();
    await Promise.all(buyers.map((b, i) => buyerRun(b, i)));
    stats.seconds = (performance.now() - t0) / 1000;
    while (killing) await killing;
    http.close();
    client = null;

    console.log(`  burst done in ${stats.seconds.toFixed(1)} s; letting the server drain its jobs for ${DRAIN_S} s`);
    await sleep(DRAIN_S * 1000);
    await server.stop();
    server = null;
    return await check(kind, target, stats, log);
  } finally {
    client?.close();
    await server?.stop();
    await target.cleanup();
  }
}

/** Jobs left undone, grouped: kind, status, attempts, whether a (dead) worker's lease still holds them. */
function notDoneGroups(
  jobs: {
    kind: string;
    status: string;
    attempts: number | string;
    locked_until: string | null;
    last_error: string | null;
  }[],
): string[] {
  const now = new Date().toISOString();
  const groups = new Map<string, { n: number; until: string; error: string }>();
  for (const j of jobs) {
    const leased = j.locked_until !== null && j.locked_until > now;
    const key = `${j.kind} ${j.status}, attempts ${j.attempts}${leased ? ", still leased" : ""}`;
    const g = groups.get(key) ?? { n: 0, until: "", error: "" };
    g.n++;
    if (leased && (j.locked_until ?? "") > g.until) g.until = j.locked_until ?? "";
    if (j.last_error && !g.error) g.error = j.last_error;
    groups.set(key, g);
  }
  return [...groups.entries()].map(
    ([k, g]) => `${g.n}× ${k}${g.until ? ` (until ${g.until})` : ""}${g.error ? ` — ${clip(g.error, 100)}` : ""}`,
  );
}

interface OrderRow {
  id: string;
  user_id: string | null;
  status: string;
  paid_at: string | null;
  items: number | string;
}

async function check(
  kind: DbKind,
  target: DbTarget,
  burst: BurstStats,
  log: ServerLog,
): Promise<{ defects: Defects; lines: string[] }> {
  const db = await openDb(appDir, target.databaseUrl);
  const lines: string[] = [];
  const defects: Defects = {};
  const defect = (name: string, n: number) => (defects[name] = (defects[name] ?? 0) + n);
  try {
    const orders = await db.all<OrderRow>(
      "select o.id, o.user_id, o.status, o.paid_at, (select count(*) from order_items i where i.order_id = o.id) as items from orders o",
    );
    const items = await db.all<{ order_id: string; course_id: string; edition_id: string | null }>(
      "select order_id, course_id, edition_id from order_items",
    );
    const enrollments = await db.all<{
      user_id: string;
      course_id: string;
      order_id: string;
      edition_id: string | null;
      ended_at: string | null;
    }>("select user_id, course_id, order_id, edition_id, ended_at from enrollments");
    const editions = await db.all<{ id: string; seats_taken: number | string }>(
      "select id, seats_taken from course_editions",
    );
    const refunds = await db.all<{ order_id: string; reason: string; status: string }>(
      "select order_id, reason, status from refunds",
    );
    const jobs = await db.all<{
      id: string;
      kind: string;
      payload: string;
      status: string;
      attempts: number | string;
      locked_until: string | null;
      last_error: string | null;
    }>("select id, kind, payload, status, attempts, locked_until, last_error from jobs");

    const paidOrders = orders.filter((o) => o.paid_at !== null && (o.status === "paid" || o.status === "refunded"));
    const byOrder = new Map<string, typeof items>();
    for (const it of items) byOrder.set(it.order_id, [...(byOrder.get(it.order_id) ?? []), it]);
    const enrolledByOrder = new Map<string, typeof enrollments>();
    for (const e of enrollments) enrolledByOrder.set(e.order_id, [...(enrolledByOrder.get(e.order_id) ?? []), e]);
    const duplicateRefund = new Set(refunds.filter((r) => r.reason === "duplicate-purchase").map((r) => r.order_id));
    const orderStatus = new Map(orders.map((o) => [o.id, o]));

    // Enrolments: one per line of a paid order with a buyer; duplicates only when refunded as such.
    let missing = 0;
    let duplicateLines = 0;
    const expectsEmail = new Set<string>();
    const missingSamples: string[] = [];
    for (const o of paidOrders) {
      if (!o.user_id) {
        expectsEmail.add(o.id);
        continue;
      }
      const own = enrolledByOrder.get(o.id) ?? [];
      let enrolledLines = 0;
      for (const it of byOrder.get(o.id) ?? []) {
        if (own.some((e) => e.course_id === it.course_id)) {
          enrolledLines++;
          continue;
        }
        const elsewhere = enrollments.some(
          (e) => e.user_id === o.user_id && e.course_id === it.course_id && e.order_id !== o.id && e.ended_at === null,
        );
        if (elsewhere && duplicateRefund.has(o.id)) duplicateLines++;
        else {
          missing++;
          if (missingSamples.length < 5) missingSamples.push(`${o.id} ${it.course_id}`);
        }
      }
      if (enrolledLines > 0) expectsEmail.add(o.id);
    }
    const strayEnrollments = enrollments.filter((e) => {
      const o = orderStatus.get(e.order_id);
      return !o || o.paid_at === null;
    }).length;
    defect("missing enrolments", missing);
    defect("enrolments of unpaid orders", strayEnrollments);

    const withoutItems = orders.filter((o) => Number(o.items) === 0);
    defect("orders without items", withoutItems.length);

    let seatMismatches = 0;
    const seatSamples: string[] = [];
    for (const ed of editions) {
      const active = enrollments.filter((e) => e.edition_id === ed.id && e.ended_at === null).length;
      if (Number(ed.seats_taken) !== active) {
        seatMismatches++;
        if (seatSamples.length < 5)
          seatSamples.push(`${ed.id}: seats_taken ${ed.seats_taken}, active enrolments ${active}`);
      }
    }
    defect("seat mismatches", seatMismatches);

    const notPaid = [...burst.acknowledged].filter((id) => !paidOrders.some((o) => o.id === id));
    defect("payments acknowledged but not paid", notPaid.length);
    defect("buyers who gave up", burst.gaveUp.length);

    // Emails: the .eml files, by the order reference in the subject.
    const outbox = readOutbox(path.join(target.dataDir, "outbox"));
    const perRef = new Map<string, number>();
    for (const m of outbox) {
      const ref = /Confirmación de tu compra \(pedido ([0-9A-F]{8})\)/.exec(m.subject)?.[1];
      if (ref) perRef.set(ref, (perRef.get(ref) ?? 0) + 1);
    }
    const refOf = (id: string) => id.slice(0, 8).toUpperCase();
    const delivered = [...expectsEmail].filter((id) => (perRef.get(refOf(id)) ?? 0) >= 1).length;
    const lost = [...expectsEmail].filter((id) => !perRef.get(refOf(id)));
    const duplicated = [...expectsEmail].filter((id) => (perRef.get(refOf(id)) ?? 0) > 1);
    const extraEmails = duplicated.reduce((s, id) => s + (perRef.get(refOf(id)) ?? 0) - 1, 0);
    const paidRefs = new Set(paidOrders.map((o) => refOf(o.id)));
    const strayEmails = [...perRef.entries()].filter(([ref]) => !paidRefs.has(ref)).reduce((s, [, n]) => s + n, 0);
    const confirmations = [...perRef.values()].reduce((s, n) => s + n, 0);
    defect("lost emails", lost.length);
    defect("duplicated emails", duplicated.length);
    defect("confirmation emails for unpaid orders", strayEmails);

    // The outbox jobs (after the fix every email is one): those not done after the drain.
    const confirmationJobs = jobs.filter((j) => j.kind === "email:order-confirmation");
    const jobsNotDone = jobs.filter((j) => j.status !== "done");
    const jobOrders = new Set(
      confirmationJobs.map((j) => {
        try {
          return String((JSON.parse(j.payload) as { orderId?: string }).orderId ?? "");
        } catch {
          return "";
        }
      }),
    );
    const paidWithoutJob = [...expectsEmail].filter((id) => !jobOrders.has(id)).length;

    const active = enrollments.filter((e) => e.ended_at === null).length;
    lines.push(
      `burst: ${burst.attempts} requests (${burst.failedAttempts} failed and retried) in ${burst.seconds.toFixed(1)} s; kills: ${burst.kills.map((k) => `after ${k.atPaid} paid / ${k.inFlight} in flight, restart ${(k.restartMs / 1000).toFixed(1)} s`).join("; ") || "none"}`,
      ...(burst.failures.size
        ? [`failed attempts: ${[...burst.failures.entries()].map(([k, n]) => `${n}× ${k}`).join(", ")}`]
        : []),
      `orders: ${orders.length} created, ${paidOrders.length} paid (${burst.acknowledged.size} acknowledged to buyers), ${orders.filter((o) => o.status === "pending").length} pending, ${orders.filter((o) => o.status === "cancelled").length} cancelled`,
      `enrolments: ${enrollments.length} (${active} active); lines refunded as duplicates: ${duplicateLines}; missing enrolments: ${missing}${missingSamples.length ? ` (${missingSamples.join(", ")})` : ""}; enrolments of unpaid orders: ${strayEnrollments}`,
      `emails delivered: ${delivered}/${expectsEmail.size} paid orders (${confirmations} confirmation .eml files, ${outbox.length} in the outbox); lost emails: ${lost.length}; duplicated emails: ${duplicated.length} orders (+${extraEmails}); for unpaid orders: ${strayEmails}`,
      ...(lost.length ? [`  lost: ${lost.slice(0, 8).map(refOf).join(", ")}${lost.length > 8 ? " …" : ""}`] : []),
      `jobs: ${confirmationJobs.length} confirmation jobs (${["pending", "done", "dead"].map((s) => `${confirmationJobs.filter((j) => j.status === s).length} ${s}`).join(", ")}); jobs not done (any kind): ${jobsNotDone.length}; paid orders without a confirmation job: ${paidWithoutJob}`,
      ...notDoneGroups(jobsNotDone).map((g) => `  not done: ${g}`),
      `orders without items: ${withoutItems.length}; seat mismatches: ${seatMismatches}${seatSamples.length ? ` (${seatSamples.join("; ")})` : ""}`,
      `payments acknowledged but not paid: ${notPaid.length}; buyers who gave up: ${burst.gaveUp.length}${burst.gaveUp.length ? ` (${burst.gaveUp.slice(0, 3).join("; ")})` : ""}`,
      `server log: ${log.errorCount} error lines, ${log.http5xx} requests logged with 5xx`,
      ...log.summary(5).map((s) => `  ${clip(s, 200)}`),
    );
  } finally {
    await db.close();
  }
  return { defects, lines };
}

const { kinds, pgUrl } = await selectDatabases(flags);
console.log(
  `bench:crash — ${BUYERS} buyers × ${ORDERS} orders, ${KILLS} × kill -9, ${DRAIN_S} s drain, double clicks ${Math.round(DOUBLE_CLICK * 100)} %, seed ${SEED}, databases: ${kinds.join(", ")}`,
);
let failed = false;
const summary: string[] = [];
for (const kind of kinds) {
  console.log(`\n[${kind}]`);
  const { defects, lines } = await runOnDb(kind, pgUrl);
  console.log(`\n=== ${kind} ===`);
  for (const l of lines) console.log(l);
  const found = Object.entries(defects).filter(([, n]) => n > 0);
  console.log(found.length ? `DEFECTS: ${found.map(([k, n]) => `${k} ${n}`).join(", ")}` : "no defects");
  summary.push(`${kind}: ${found.length ? found.map(([k, n]) => `${k} ${n}`).join(", ") : "no defects"}`);
  if (found.length) failed = true;
}
console.log(`\nbench:crash summary: ${summary.join(" · ")}`);
process.exit(failed ? 1 : 0);
