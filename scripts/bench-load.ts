// `npm run bench:load [-- --connections=200 --duration=60 --warmup=20 --cooldown=60 --accounts=200 --timeout=30 --db=sqlite|postgres|both]`
//
// A bounded mixed load on loopback against the production build (BUILD_DIR,
// default ./build): virtual users, one keep-alive connection each, loop for
// --duration seconds over anonymous browsing (most of the traffic), sign-ins,
// cart → checkout → demo payment → success page, and chat questions. Accounts
// are registered through the form before the measured phase. Each virtual user
// has its own X-Forwarded-For address (a header value only; the server trusts
// it from loopback), except on the demo payment page, which only pays for
// loopback clients. 429 answers are counted as "limited", not as errors.
// Prints req/s, p50/p95/p99 per kind, errors, and the server's RSS cold, after a
// --warmup of the same mix (the baseline), at
// peak and after a --cooldown idle. Exit code 1 on any error.
import { PASSWORD, postHeaders, registerAccounts, type Account } from "./lib/accounts.ts";
import { createClient, fakeAddress, sessionCookie, type HttpClient, type HttpResponse } from "./lib/http.ts";
import { parseCli, prepareRun } from "./lib/cli.ts";
import { acceptQueue, selectDatabases, type AppServer, type DbKind, type ServerLog } from "./lib/server.ts";
import {
  clip,
  fmtMs,
  mb,
  numberFlag,
  percentile,
  pick,
  seededRandom,
  sleep,
  table,
  weighted,
  type Rng,
} from "./lib/util.ts";

const cli = parseCli(424242);
const { flags, seed: SEED } = cli;
const CONNECTIONS = Math.max(1, numberFlag(flags, "connections", 200));
const DURATION_S = numberFlag(flags, "duration", 60);
const COOLDOWN_S = numberFlag(flags, "cooldown", 60);
const WARMUP_S = numberFlag(flags, "warmup", 20);
const ACCOUNTS = Math.max(CONNECTIONS, numberFlag(flags, "accounts", 200));
/** A request unanswered after this long is a transport error (the server's own requestTimeout is 30 s). */
const TIMEOUT_S = numberFlag(flags, "timeout", 30);
const RSS_TOLERANCE = 0.15;

const QUESTIONS = [
  "¿Cuánto cuesta el curso de iniciación?",
  "¿Cuándo empieza el próximo curso?",
  "¿Tenéis cursos de acrílico?",
  "¿Dónde está la academia?",
  "¿Puedo pagar a plazos?",
  "¿Qué horario tenéis?",
  "¿Cuánto dura la formación Expert Nails?",
  "¿Hace falta experiencia previa?",
  "¿Dais diploma al terminar?",
  "¿Cuántas alumnas hay por clase?",
  "¿Incluye el material?",
  "¿Cómo puedo pedir cita para unas uñas de gel?",
];

type Kind = "page" | "login" | "checkout" | "pay-page" | "pay" | "success" | "chat";
const KINDS: Kind[] = ["page", "login", "checkout", "pay-page", "pay", "success", "chat"];

interface KindStats {
  ms: number[];
  ok: number;
  limited: number;
  errors: number;
}

interface LoadReport {
  kind: DbKind;
  seconds: number;
  requests: number;
  stats: Map<Kind, KindStats>;
  errorSamples: string[];
  limitedSamples: string[];
  timeouts: number;
  acceptPeak: number;
  acceptLastBusy: number;
  purchases: number;
  rssBefore: number;
  /** Right after start, before the warm-up. */
  rssCold: number;
  /** After the cool-down and a full GC (the figure compared with `rssBefore`). */
  rssAfterGc: number;
  rssPeak: number;
  hwm: number;
  rssAfter: number;
  cooldown: number[];
  log: ServerLog;
  logErrorsDuringLoad: number;
  keepAliveRetries: number;
}

interface Vu {
  id: number;
  account: Account;
  address: string;
  cookie: string | null;
  owned: Set<string>;
  rng: Rng;
}

async function runOnDb(kind: DbKind, pgUrl: string): Promise<LoadReport> {
  const { target, log, startServer } = await prepareRun(cli, kind, pgUrl, "load");
  let server: AppServer | null = null;
  let loadClient: HttpClient | null = null;
  try {
    server = await startServer();
    const origin = server.origin;
    loadClient = createClient(server.port, { connections: CONNECTIONS + 8 });
    const http = loadClient;
    const catalogue = await http.request({ method: "GET", path: "/api/catalogue" });
    const courseIds = (JSON.parse(catalogue.body.toString()) as { courses: { id: string }[] }).courses.map((c) => c.id);

    const t0 = performance.now();
    const accounts = await registerAccounts(http, origin, ACCOUNTS, {
      prefix: `carga-${kind}-${Date.now().toString(36)}`,
      concurrency: 8,
    });
    console.log(`  ${accounts.length} accounts registered in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const pages = [
      ["/", 3],
      ["/formaciones", 3],
      ...courseIds.map((id) => [`/formaciones/${id}`, 3 / courseIds.length] as const),
      ["/formaciones?categoria=experto", 0.5],
      ["/equipo", 1],
      ["/contacto", 1],
      ["/carrito", 1],
      ["/privacy", 0.25],
      ["/terms", 0.25],
      ["/aviso-legal", 0.25],
      ["/cookies", 0.25],
      ["/sitemap.xml", 0.5],
      ["/api/catalogue", 1],
    ] as const;

    const stats = new Map<Kind, KindStats>(KINDS.map((k) => [k, { ms: [], ok: 0, limited: 0, errors: 0 }]));
    const errorSamples: string[] = [];
    const limitedSamples: string[] = [];
    let requests = 0;
    let timeouts = 0;
    let purchases = 0;
    let measuring = false;
    let start = performance.now();
    const when = (res: HttpResponse) => `sent at +${((performance.now() - start - res.ms) / 1000).toFixed(1)} s`;

    /** One request of a kind; the response when its status was one of the expected ones. */
    const call = async (
      kind: Kind,
      req: Parameters<HttpClient["request"]>[0],
      expected: number[],
    ): Promise<HttpResponse | null> => {
      const res = await http.request({ timeoutMs: TIMEOUT_S * 1000, ...req });
      if (!measuring) return expected.includes(res.status) ? res : null;
      requests++;
      const s = stats.get(kind)!;
      if (res.status > 0) s.ms.push(res.ms);
      if (expected.includes(res.status)) {
        s.ok++;
        return res;
      }
      if (res.status === 429) {
        s.limited++;
        if (limitedSamples.length < 5)
          limitedSamples.push(
            `${kind}: ${req.method} ${req.path} ${when(res)} (${String(req.headers?.["x-forwarded-for"] ?? "loopback")})`,
          );
        return null;
      }
      s.errors++;
      if (res.error === "TIMEOUT") timeouts++;
      if (errorSamples.length < 15) {
        const body = res.body.toString("utf8").replace(/\s+/g, " ");
        errorSamples.push(
          `${kind}: ${req.method} ${clip(req.path, 80)} ${when(res)} → ${res.status || res.error} after ${fmtMs(res.ms)} ${clip(body, 120)}`,
        );
      }
      return null;
    };

    const browse = (vu: Vu) =>
      call(
        "page",
        {
          method: "GET",
          path: weighted(vu.rng, pages),
          headers: { "x-forwarded-for": vu.address, ...(vu.cookie ? { cookie: vu.cookie } : {}) },
          discardBody: true,
        },
        [200],
      );

    const signIn = async (vu: Vu) => {
      const res = await call(
        "login",
        {
          method: "POST",
          path: "/login",
          headers: postHeaders(origin, vu.address),
          body: new URLSearchParams({ email: vu.account.email, password: PASSWORD }).toString(),
          discardBody: true,
        },
        [302],
      );
      const cookie = res ? sessionCookie(res) : null;
      if (cookie) vu.cookie = cookie;
      return !!cookie;
    };

    const buy = async (vu: Vu) => {
      const left = courseIds.filter((id) => !vu.owned.has(id));
      if (left.length === 0) return browse(vu);
      if (!vu.cookie && !(await signIn(vu))) return;
      const cookie = vu.cookie!;
      await call(
        "page",
        { method: "GET", path: "/carrito", headers: { "x-forwarded-for": vu.address, cookie }, discardBody: true },
        [200],
      );
      const courseId = pick(vu.rng, left);
      const created = await call(
        "checkout",
        {
          method: "POST",
          path: "/api/create-checkout-session",
          headers: postHeaders(origin, vu.address, cookie, "application/json"),
          body: JSON.stringify({ courseIds: [courseId], paymentMethod: "card", withdrawalWaiver: true }),
        },
        [200],
      );
      if (!created) return;
      const { url, orderId } = JSON.parse(created.body.toString()) as { url: string; orderId: string };
      await call("pay-page", { method: "GET", path: url, headers: { cookie }, discardBody: true }, [200]);
      // No X-Forwarded-For: the demo gateway only pays for loopback clients.
      const paid = await call(
        "pay",
        {
          method: "POST",
          path: `/pago-demo/${orderId}`,
          headers: postHeaders(origin, null, cookie),
          body: "intent=pay",
          discardBody: true,
        },
        [302, 303],
      );
      if (!paid) return;
      vu.owned.add(courseId);
      if (measuring) purchases++;
      const location = String(paid.headers.location ?? "/success");
      await call(
        "success",
        {
          method: "GET",
          path: location.replace(/^https?:\/\/[^/]+/, ""),
          headers: { "x-forwarded-for": vu.address, cookie },
          discardBody: true,
        },
        [200],
      );
    };

    const chat = (vu: Vu) =>
      call(
        "chat",
        {
          method: "POST",
          path: "/chatbot/chat",
          headers: postHeaders(origin, vu.address, vu.cookie ?? undefined, "application/json"),
          body: JSON.stringify({ message: pick(vu.rng, QUESTIONS), session_id: "web" }),
        },
        [200],
      );

    const vus: Vu[] = Array.from({ length: CONNECTIONS }, (_, i) => ({
      id: i,
      account: accounts[i % accounts.length],
      address: fakeAddress(i),
      cookie: null,
      owned: new Set<string>(),
      rng: seededRandom((SEED + i * 7919) >>> 0),
    }));

    const runMix = (seconds: number) => {
      const until = Date.now() + seconds * 1000;
      return Promise.all(
        vus.map(async (vu) => {
          while (Date.now() < until) {
            const what = weighted(vu.rng, [
              ["browse", 60],
              ["signin", 8],
              ["buy", 10],
              ["chat", 22],
            ] as const);
            if (what === "browse") await browse(vu);
            else if (what === "signin") await signIn(vu);
            else if (what === "buy") await buy(vu);
            else await chat(vu);
          }
        }),
      );
    };

    // Warm-up outside the measurement: the same mix at full concurrency for --warmup
    // seconds (JIT, pools, caches, the chat model reach their working size), then idle.
    // "Before" is taken after it, so the comparison shows growth caused by the load
    // itself; the cold figure right after start is reported too.
    const rssCold = server.rss() ?? 0;
    if (WARMUP_S > 0) {
      console.log(`  warm-up: ${CONNECTIONS} connections for ${WARMUP_S} s (not measured; RSS cold ${mb(rssCold)})`);
      await runMix(WARMUP_S);
    }
    await sleep(10_000);
    await server.collectGarbage();
    await sleep(2_000);
    const rssBefore = server.rss() ?? 0;
    const s = server;
    let rssPeak = rssBefore;
    // Also the accept queue: connections the kernel completed that the server has not accepted yet.
    let acceptPeak = 0;
    let acceptLastBusy = 0;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, s.rss() ?? 0);
      const q = acceptQueue(s.port) ?? 0;
      acceptPeak = Math.max(acceptPeak, q);
      if (q > 0) acceptLastBusy = (performance.now() - start) / 1000;
    }, 1_000);
    const errorsBefore = log.errorCount + log.stderrCount;

    console.log(`  load: ${CONNECTIONS} connections for ${DURATION_S} s (RSS before ${mb(rssBefore)})`);
    measuring = true;
    start = performance.now();
    await runMix(DURATION_S);
    const seconds = (performance.now() - start) / 1000;
    measuring = false;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, server.rss() ?? 0);
    const logErrorsDuringLoad = log.errorCount + log.stderrCount - errorsBefore;
    http.close();
    loadClient = null;

    console.log(`  cool-down: ${COOLDOWN_S} s idle, RSS sampled every second`);
    const cooldown: number[] = [];
    for (let i = 0; i < COOLDOWN_S; i++) {
      await sleep(1_000);
      cooldown.push(server.rss() ?? 0);
    }
    const rssAfter = cooldown.at(-1) ?? server.rss() ?? 0;
    // RSS after idle depends on when V8 last collected; after a full GC it shows
    // what the load really left behind. The baseline gets the same treatment.
    await server.collectGarbage();
    await sleep(2_000);
    const rssAfterGc = server.rss() ?? 0;
    return {
      kind,
      seconds,
      requests,
      stats,
      errorSamples,
      limitedSamples,
      timeouts,
      acceptPeak,
      acceptLastBusy,
      purchases,
      rssBefore,
      rssCold,
      rssAfterGc,
      rssPeak,
      hwm: server.peakRss() ?? 0,
      rssAfter,
      cooldown,
      log,
      logErrorsDuringLoad,
      keepAliveRetries: http.keepAliveRetries,
    };
  } finally {
    loadClient?.close();
    await server?.stop();
    await target.cleanup();
  }
}

function printReport(r: LoadReport): number {
  const errors = [...r.stats.values()].reduce((s, k) => s + k.errors, 0);
  const limited = [...r.stats.values()].reduce((s, k) => s + k.limited, 0);
  console.log(`\n=== ${r.kind}: ${CONNECTIONS} connections, ${r.seconds.toFixed(1)} s ===`);
  console.log(
    `requests: ${r.requests} (${(r.requests / r.seconds).toFixed(0)} req/s) · purchases paid: ${r.purchases} · limited (429): ${limited} · errors: ${errors}${r.timeouts ? ` (${r.timeouts} unanswered after ${TIMEOUT_S} s)` : ""}`,
  );
  const rows = KINDS.filter((k) => r.stats.get(k)!.ms.length || r.stats.get(k)!.errors).map((k) => {
    const s = r.stats.get(k)!;
    return [
      k,
      String(s.ok + s.limited + s.errors),
      String(s.ok),
      String(s.limited),
      String(s.errors),
      fmtMs(percentile(s.ms, 0.5)),
      fmtMs(percentile(s.ms, 0.95)),
      fmtMs(percentile(s.ms, 0.99)),
    ];
  });
  console.log(table(["kind", "requests", "ok", "limited", "errors", "p50", "p95", "p99"], rows));
  for (const e of r.errorSamples) console.log(`  error: ${e}`);
  for (const e of r.limitedSamples) console.log(`  limited: ${e}`);
  if (r.keepAliveRetries)
    console.log(`(${r.keepAliveRetries} requests resent once after the server closed a kept-alive socket)`);
  console.log(
    `server log during the load: ${r.logErrorsDuringLoad} error lines; slowest response it logged: ${fmtMs(r.log.slowest.ms)} ${r.log.slowest.what}`,
  );
  for (const s of r.log.summary(5)) console.log(`  ${clip(s, 200)}`);
  // Latency the server's own log cannot see: connections not yet accepted.
  console.log(
    `accept queue: peak ${r.acceptPeak} connections waiting to be accepted${r.acceptPeak ? `, last seen non-empty at +${r.acceptLastBusy.toFixed(0)} s` : ""}`,
  );
  const every = r.cooldown.filter((_, i) => (i + 1) % 10 === 0 || i === r.cooldown.length - 1);
  const delta = r.rssBefore ? (r.rssAfterGc - r.rssBefore) / r.rssBefore : 0;
  const within = Math.abs(delta) <= RSS_TOLERANCE;
  console.log(
    `RSS: cold ${mb(r.rssCold)} · before (after warm-up and a full GC) ${mb(r.rssBefore)} · peak during ${mb(r.rssPeak)} (VmHWM ${mb(r.hwm)}) · ${r.cooldown.length} s after ${mb(r.rssAfter)} · then after a full GC ${mb(r.rssAfterGc)} ` +
      `(${delta >= 0 ? "+" : ""}${(delta * 100).toFixed(1)} %: ${within ? "within" : "NOT within"} ${RSS_TOLERANCE * 100} % of before)`,
  );
  if (every.length) console.log(`  cool-down every 10 s: ${every.map(mb).join(", ")}`);
  return errors;
}

const { kinds, pgUrl } = await selectDatabases(flags);
console.log(
  `bench:load — ${CONNECTIONS} connections, ${DURATION_S} s load, ${COOLDOWN_S} s cool-down, ${ACCOUNTS} accounts, databases: ${kinds.join(", ")}` +
    ` (client and server share this machine)`,
);
let totalErrors = 0;
const memoryGrew: string[] = [];
const summary: string[] = [];
for (const kind of kinds) {
  console.log(`\n[${kind}]`);
  const r = await runOnDb(kind, pgUrl);
  const errors = printReport(r);
  totalErrors += errors;
  if (r.rssBefore && Math.abs((r.rssAfterGc - r.rssBefore) / r.rssBefore) > RSS_TOLERANCE) memoryGrew.push(kind);
  const p = (k: Kind, q: number) => fmtMs(percentile(r.stats.get(k)!.ms, q));
  summary.push(
    `${kind}: ${(r.requests / r.seconds).toFixed(0)} req/s, page p95 ${p("page", 0.95)}, errors ${errors}, RSS ${mb(r.rssBefore)} → ${mb(r.rssPeak)} → ${mb(r.rssAfter)} (after GC ${mb(r.rssAfterGc)})`,
  );
}
console.log(`\nbench:load summary: ${summary.join(" · ")}`);
if (totalErrors > 0 || memoryGrew.length > 0) {
  if (totalErrors > 0) console.log(`FAIL: ${totalErrors} errors`);
  if (memoryGrew.length > 0)
    console.log(
      `FAIL: RSS after the load and a full GC is not within ${RSS_TOLERANCE * 100} % of before on ${memoryGrew.join(", ")}`,
    );
  process.exit(1);
}
console.log(`OK: no errors, RSS back within ${RSS_TOLERANCE * 100} % of before`);
