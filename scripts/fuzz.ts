// `npm run fuzz [-- --seed=N --requests=10000 --concurrency=16 --db=sqlite|postgres|both]`
//
// Bad input against every route of app/routes.ts: each form action and JSON API
// (found from the modules' `action` exports) and each page/loader (dynamic
// segments and the query parameters the loaders read), anonymous and signed in.
// A table of payload families (NUL bytes, lone surrogates, 1 MB strings,
// 10,000-level JSON, wrong types, prototype keys, 100k-item arrays, broken
// percent-encoding, duplicate/missing fields, wrong content types, overlong
// URLs, bad cookies/X-Forwarded-For/Origin, odd methods, raw bytes) is crossed
// with every target and round-robined until --requests is reached, in an order
// fixed by the seed. Runs the production build (BUILD_DIR, default ./build) on
// SQLite and then PostgreSQL when reachable. Any 5xx makes the exit code 1.
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { PASSWORD, postHeaders, registerAccount, type Account } from "./lib/accounts.ts";
import {
  createClient,
  rawRequest,
  sessionCookie,
  statusClass,
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
} from "./lib/http.ts";
import {
  appDirOf,
  createTarget,
  requireBuild,
  sampleRss,
  selectDatabases,
  ServerLog,
  startApp,
  type AppServer,
  type DbKind,
} from "./lib/server.ts";
import {
  clip,
  fmtMs,
  mb,
  numberFlag,
  parseFlags,
  pick,
  runPool,
  seededRandom,
  shuffle,
  table,
  type Rng,
} from "./lib/util.ts";

const flags = parseFlags();
const SEED = flags.has("seed") ? Number(flags.get("seed")) >>> 0 : 20260522;
const TOTAL = numberFlag(flags, "requests", 10_000);
const CONCURRENCY = Math.max(1, numberFlag(flags, "concurrency", 16));
const appDir = appDirOf(flags);
requireBuild(appDir);

// — route discovery —

interface RouteInfo {
  pattern: string;
  file: string;
  params: string[];
  query: string[];
  hasAction: boolean;
  /** A UI route (module with a component): also reachable as <path>.data (single fetch). */
  ui: boolean;
}

/** Query parameters read in the browser only (not found by the source scan). */
const EXTRA_QUERY: Record<string, string[]> = { "/success": ["course_id"], "/carrito": ["add"] };

function discoverRoutes(): RouteInfo[] {
  const src = readFileSync(path.join(appDir, "app/routes.ts"), "utf8");
  const routes: RouteInfo[] = [];
  const re = /\b(index|route)\(\s*(?:"([^"]*)"\s*,\s*)?"([^"]+)"/g;
  for (let m: RegExpExecArray | null; (m = re.exec(src));) {
    const [, kind, rawPath, file] = m;
    if (kind === "route" && rawPath === undefined) continue;
    if (rawPath === "*") continue;
    const pattern = kind === "index" ? "/" : `/${rawPath}`;
    const modulePath = path.join(appDir, "app", file);
    const companion = modulePath.replace(/\.(tsx?)$/, ".server.ts");
    const code = [modulePath, companion]
      .filter((f) => existsSync(f))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const query = new Set<string>(EXTRA_QUERY[pattern] ?? []);
    for (const q of code.matchAll(/searchParams\.get(?:All)?\(\s*"([^"]+)"\s*\)/g)) query.add(q[1]);
    routes.push({
      pattern,
      file,
      params: [...pattern.matchAll(/:([A-Za-z0-9_]+)/g)].map((p) => p[1]),
      query: [...query],
      hasAction: /export\s+(?:async\s+)?function\s+action\b|export\s+const\s+action\b/.test(code),
      ui: /export\s+default\s+function/.test(code),
    });
  }
  return routes;
}

// — what a correct request looks like, per action —

interface Ctx {
  db: DbKind;
  origin: string;
  courseIds: string[];
  user: Account;
  /** The fuzz user's own unpaid order, a paid one, and another buyer's. */
  pendingOrder: string;
  paidOrder: string;
  otherOrder: string;
  successQuery: string;
  /** Throwaway sessions for signed-in POST /logout (it destroys the session). */
  logoutCookies: string[];
  staleCookie: string;
}

type Fields = [string, string][];
type JsonFields = Record<string, unknown>;

const QUESTIONS = [
  "¿Cuánto cuesta el curso de iniciación?",
  "¿Tenéis formación de acrílico?",
  "¿Dónde estáis?",
  "¿Se puede pagar a plazos?",
  "¿Cuándo empieza el próximo curso de Expert Nails?",
];

interface ActionSpec {
  body: "form" | "json";
  /** Per-intent variants of one action (e.g. /perfil). */
  variants: { label: string; fields: (c: Ctx, rng: Rng, i: number) => Fields | JsonFields }[];
  headers?: Record<string, string>;
}

const ACTIONS: Record<string, ActionSpec> = {
  "/registro": {
    body: "form",
    variants: [
      {
        label: "",
        fields: (c, _rng, i) => [
          ["firstName", "Ana"],
          ["lastName", "López"],
          ["email", `fz-${SEED}-${c.db}-${i}@example.com`],
          ["phone", "600 000 000"],
          ["password", "Uñas-bonitas-9"],
          ["confirmPassword", "Uñas-bonitas-9"],
          ["acceptTerms", "on"],
          ["redirectTo", "/perfil"],
        ],
      },
    ],
  },
  "/login": {
    body: "form",
    variants: [
      {
        label: "",
        fields: (c, rng) => [
          ["email", c.user.email],
          ["password", rng() < 0.5 ? c.user.password : "contraseña-equivocada"],
          ["redirectTo", "/perfil"],
        ],
      },
    ],
  },
  "/forgot-password": { body: "form", variants: [{ label: "", fields: (c) => [["email", c.user.email]] }] },
  "/restablecer-contrasena": {
    body: "form",
    variants: [
      {
        label: "",
        fields: () => [
          ["token", "token-inventado-123"],
          ["password", "Nueva-clave-99"],
          ["confirmPassword", "Nueva-clave-99"],
        ],
      },
    ],
  },
  "/verificar-email": {
    body: "form",
    variants: [
      {
        label: "",
        fields: (c) => [
          ["email", c.user.email],
          ["token", "token-inventado"],
        ],
      },
    ],
  },
  "/logout": { body: "form", variants: [{ label: "", fields: () => [] }] },
  "/perfil": {
    body: "form",
    // Never the real password here: a fuzzed "delete" or "password" must not succeed.
    variants: [
      {
        label: "intent=profile",
        fields: (c) => [
          ["intent", "profile"],
          ["firstName", "Ana"],
          ["lastName", "Fuzz"],
          ["email", c.user.email],
          ["phone", "600 111 222"],
          ["currentPassword", ""],
        ],
      },
      {
        label: "intent=settings",
        fields: () => [
          ["intent", "settings"],
          ["courseEmails", "on"],
          ["newsletter", "on"],
          ["showProgress", "on"],
        ],
      },
      {
        label: "intent=password",
        fields: () => [
          ["intent", "password"],
          ["currentPassword", "no-es-la-clave"],
          ["password", "Otra-clave-99"],
          ["confirmPassword", "Otra-clave-99"],
        ],
      },
      {
        label: "intent=delete",
        fields: () => [
          ["intent", "delete"],
          ["confirm", "on"],
          ["currentPassword", "no-es-la-clave"],
        ],
      },
      { label: "intent=unknown", fields: () => [["intent", "borrar-todo"]] },
    ],
  },
  "/checkout/:courseId": {
    body: "form",
    variants: [
      {
        label: "",
        fields: (_c, rng) => [
          ["method", pick(rng, ["card", "card", "klarna", "sequra", "scalapay"])],
          ["terms", "on"],
          ["waiver", "on"],
        ],
      },
    ],
  },
  "/pago-demo/:orderId": {
    body: "form",
    variants: [{ label: "", fields: (_c, rng) => [["intent", pick(rng, ["pay", "pay", "cancel"])]] }],
  },
  "/cancel": { body: "form", variants: [{ label: "", fields: (c) => [["orderId", c.pendingOrder]] }] },
  "/api/create-checkout-session": {
    body: "json",
    variants: [
      {
        label: "",
        fields: (c, rng) => ({
          courseId: pick(rng, c.courseIds),
          courseIds: shuffle(rng, [...c.courseIds]).slice(0, 1 + Math.floor(rng() * 2)),
          paymentMethod: pick(rng, ["card", "klarna", "sequra", "scalapay"]),
          withdrawalWaiver: true,
          courseName: "Curso",
          coursePrice: 1,
          courseDescription: "x",
          courseImage: "x.png",
          userEmail: "otra@example.com",
          userId: "otra",
        }),
      },
    ],
  },
  "/chatbot/chat": {
    body: "json",
    variants: [{ label: "", fields: (_c, rng) => ({ message: pick(rng, QUESTIONS), session_id: "web" }) }],
  },
  "/api/webhooks/stripe": {
    body: "json",
    headers: { "stripe-signature": "t=1700000000,v1=00" },
    variants: [
      {
        label: "",
        fields: (c) => ({
          id: "evt_fuzz",
          type: "checkout.session.completed",
          data: {
            object: {
              id: `cs_${c.pendingOrder}`,
              metadata: { orderId: c.pendingOrder },
              amount_total: 1,
              currency: "eur",
            },
          },
        }),
      },
    ],
  },
};

/** Any action this table does not know yet still gets fuzzed, with generic fields. */
const GENERIC_ACTION: ActionSpec = {
  body: "form",
  variants: [
    {
      label: "generic",
      fields: () => [
        ["intent", "x"],
        ["value", "y"],
        ["email", "a@example.com"],
      ],
    },
  ],
};

const QUERY_VALUES: Record<string, (c: Ctx, rng: Rng) => string> = {
  token: () => "token-inventado-123",
  tab: (_c, rng) => pick(rng, ["datos", "cursos", "compras", "configuracion"]),
  editar: () => "1",
  guardado: () => "datos",
  redirectTo: () => "/perfil",
  error: () => "google",
  aviso: () => "cuenta-eliminada",
  curso: (c, rng) => pick(rng, c.courseIds),
  course_id: (c, rng) => pick(rng, c.courseIds),
  add: (c, rng) => pick(rng, c.courseIds),
  categoria: (_c, rng) => pick(rng, ["experto", "iniciacion", "profesional", "intensivo"]),
  session_id: (c) => new URLSearchParams(c.successQuery).get("session_id") ?? "demo_x",
  intent: () => "register",
  code: () => "codigo",
  state: () => "estado",
};

function paramValue(route: RouteInfo, name: string, c: Ctx, rng: Rng): string {
  if (/order/i.test(name)) {
    if (route.pattern.endsWith(".ics")) return rng() < 0.7 ? c.paidOrder : pick(rng, [c.pendingOrder, c.otherOrder]);
    return pick(rng, [c.pendingOrder, c.pendingOrder, c.paidOrder, c.otherOrder]);
  }
  if (/course|^id$/i.test(name)) return rng() < 0.9 ? pick(rng, c.courseIds) : "curso-inexistente";
  return "x";
}

// — targets and payload families —

interface Target {
  name: string;
  route: RouteInfo;
  method: "GET" | "POST";
  action?: ActionSpec;
  variant?: ActionSpec["variants"][number];
}

interface Built {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
  /** Sent as raw bytes on a fresh socket instead of through node:http. */
  raw?: Buffer;
}

interface Family {
  name: string;
  /** Expensive (MB-sized): only every fourth round. */
  heavy?: boolean;
  applies: (t: Target) => boolean;
  build: (t: Target, base: Base, rng: Rng) => Built;
}

/** The correct request for a target; families start from it and break one thing. */
interface Base {
  c: Ctx;
  path: string;
  query: [string, string][];
  fields: Fields | JsonFields;
  headers: Record<string, string>;
  kind: "form" | "json" | "none";
}

const MEGA = 1 << 20;
const STR_1MB = "a".repeat(MEGA);
const STR_1MB_UNICODE = "ñ\u202e\u200b".repeat(Math.floor(MEGA / 3));
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
const DEEP_ARRAY = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
const HUGE_JSON_ARRAY = `[${Array.from({ length: 100_000 }, () => '"formacion-inicio"').join(",")}]`;
const HUGE_NUMBER_ARRAY = `[${new Array(100_000).fill("1").join(",")}]`;
const MARKS = [
  "\u202e",
  "\u202d",
  "\u200b",
  "\u200c",
  "\u200d",
  "\u200e",
  "\u200f",
  "\u2066",
  "\u2069",
  "\ufeff",
  "\u0301",
  "\u061c",
];
const BAD_PERCENT = [
  "%",
  "%%",
  "%G1",
  "%E0%A4%A",
  "%C0%AF",
  "%ZZ",
  "a%2",
  "%u0041",
  "%%30%30",
  "%F0%9F",
  "%FF%FE",
  "%ED%BF%BF",
];
const LONE = ["%ED%A0%80", "%ED%B0%80", "%ED%A0%80%ED%A0%80", "%F0%90%80", "%C0%80", "%F8%88%80%80%80"];
const PATH_ATTACKS = [
  "%00",
  "x%00y",
  "%00.data",
  "%00%00%00",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "%ED%A0%80",
  "%FF",
  "%",
  "%E2%80%AE",
  "%EF%BB%BF",
  "a%2Fb",
  "con",
  "x.data",
  "%20",
  "%0D%0ASet-Cookie:%20a=b",
  "__proto__",
  "constructor",
  "1e309",
  "x".repeat(2_000),
];

function nestJsonFields(fields: JsonFields, depthJson: string): string {
  const entries = Object.keys(fields).map((k) => `${JSON.stringify(k)}:${depthJson}`);
  return `{${entries.join(",")}}`;
}

const asPairs = (f: Fields | JsonFields): [string, unknown][] => (Array.isArray(f) ? f : Object.entries(f));
const strPairs = (f: Fields | JsonFields): Fields =>
  asPairs(f).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]);

function encodeForm(pairs: [string, string][]): string {
  return new URLSearchParams(pairs).toString();
}

function withQuery(p: string, query: [string, string][], raw = false): string {
  if (!query.length) return p;
  const q = raw ? query.map(([k, v]) => `${k}=${v}`).join("&") : encodeForm(query);
  return `${p}?${q}`;
}

/** The body of a correct request, with values transformed (strings only). */
function bodyWith(b: Base, map: (v: string, k: string) => unknown): { body: string; type: string } {
  if (b.kind === "json") {
    const out: JsonFields = {};
    for (const [k, v] of asPairs(b.fields)) out[k] = typeof v === "string" ? map(v, k) : v;
    return { body: JSON.stringify(out), type: "application/json" };
  }
  return {
    body: encodeForm(strPairs(b.fields).map(([k, v]) => [k, String(map(v, k))])),
    type: "application/x-www-form-urlencoded",
  };
}

function insertAt(rng: Rng, s: string, piece: string): string {
  const at = Math.floor(rng() * (s.length + 1));
  return s.slice(0, at) + piece + s.slice(at);
}

const isPost = (t: Target) => t.method === "POST";
const hasInput = (t: Target) => t.method === "POST" || t.route.params.length > 0 || t.route.query.length > 0;

function post(b: Base, body: string | Buffer, type: string | null, extra: Record<string, string> = {}): Built {
  const headers: Record<string, string> = { ...b.headers, ...extra };
  if (type) headers["content-type"] = type;
  else delete headers["content-type"];
  return { method: "POST", path: withQuery(b.path, b.query), headers, body };
}

function get(b: Base, q: [string, string][] = b.query, raw = false, extra: Record<string, string> = {}): Built {
  return { method: "GET", path: withQuery(b.path, q, raw), headers: { ...b.headers, ...extra } };
}

/** Replaces one dynamic segment (or the whole path for static routes, as a sub-path). */
function pathWith(t: Target, b: Base, rng: Rng, value: string): string {
  if (!t.route.params.length) return b.path;
  const name = pick(rng, t.route.params);
  let p = t.route.pattern;
  for (const param of t.route.params) {
    p = p.replace(`:${param}`, param === name ? value : encodeURIComponent(paramValue(t.route, param, b.c, rng)));
  }
  return p;
}

const FAMILIES: Family[] = [
  {
    name: "valid",
    applies: () => true,
    build: (t, b) => {
      if (!isPost(t)) return get(b);
      const { body, type } = bodyWith(b, (v) => v);
      return post(b, body, type);
    },
  },
  {
    name: "missing-fields",
    applies: hasInput,
    build: (t, b, rng) => {
      if (!isPost(t))
        return get(
          b,
          b.query.filter(() => rng() < 0.3),
        );
      if (rng() < 0.2) return post(b, "", b.kind === "json" ? "application/json" : "application/x-www-form-urlencoded");
      const kept = asPairs(b.fields).filter(() => rng() < 0.5);
      if (b.kind === "json") {
        const alt = pick(rng, [JSON.stringify(Object.fromEntries(kept)), "{}", "null", "[]", '"texto"', "0", "true"]);
        return post(b, alt, "application/json");
      }
      return post(b, encodeForm(strPairs(kept as Fields)), "application/x-www-form-urlencoded");
    },
  },
  {
    name: "nul",
    applies: hasInput,
    build: (t, b, rng) => {
      const nul = (v: string) =>
        pick(rng, [`${v}\u0000`, `\u0000${v}`, insertAt(rng, v, "\u0000"), "\u0000", "\u0000".repeat(64)]);
      if (!isPost(t)) {
        if (t.route.params.length && rng() < 0.6)
          return get({ ...b, path: pathWith(t, b, rng, pick(rng, ["%00", "x%00", "%00x", "a%00b"])) });
        return get(
          b,
          b.query.map(([k, v]) => [k, nul(v)]),
        );
      }
      if (b.kind === "json" && rng() < 0.3) {
        // A raw NUL byte inside a JSON string is not JSON (control character).
        const text = JSON.stringify(Object.fromEntries(asPairs(b.fields))).replace(/"([^"]*)"(?=[,}])/, '"$1\u0000"');
        return post(b, Buffer.from(text, "utf8"), "application/json");
      }
      const { body, type } = bodyWith(b, nul);
      return post(b, body, type);
    },
  },
  {
    name: "lone-surrogate",
    applies: hasInput,
    build: (t, b, rng) => {
      const seq = pick(rng, LONE);
      if (!isPost(t)) {
        if (t.route.params.length && rng() < 0.5) return get({ ...b, path: pathWith(t, b, rng, seq) });
        return get(
          b,
          b.query.map(([k, v]) => [k, `${encodeURIComponent(v)}${seq}`]),
          true,
        );
      }
      if (b.kind === "json") {
        if (rng() < 0.5) {
          // "\ud800" as a JSON escape: valid JSON, an ill-formed JS string.
          const text = JSON.stringify(
            Object.fromEntries(asPairs(b.fields).map(([k, v]) => [k, typeof v === "string" ? `${v}\ud800` : v])),
          );
          return post(b, text, "application/json");
        }
        // The raw UTF-8 bytes of a surrogate (invalid UTF-8) inside a string.
        const text = JSON.stringify(Object.fromEntries(asPairs(b.fields)));
        const at = text.indexOf('":"') + 3;
        const bytes =
          at > 2
            ? Buffer.concat([
                Buffer.from(text.slice(0, at)),
                Buffer.from([0xed, 0xa0, 0x80]),
                Buffer.from(text.slice(at)),
              ])
            : Buffer.from(text);
        return post(b, bytes, "application/json");
      }
      const body = strPairs(b.fields)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}${seq}`)
        .join("&");
      return post(b, body || `x=${seq}`, "application/x-www-form-urlencoded");
    },
  },
  {
    name: "bidi-zero-width",
    applies: hasInput,
    build: (t, b, rng) => {
      const mark = (v: string) => insertAt(rng, insertAt(rng, v, pick(rng, MARKS)), pick(rng, MARKS));
      if (!isPost(t)) {
        if (t.route.params.length && rng() < 0.5)
          return get({ ...b, path: pathWith(t, b, rng, encodeURIComponent(mark(pick(rng, b.c.courseIds)))) });
        return get(
          b,
          b.query.map(([k, v]) => [k, mark(v)]),
        );
      }
      const { body, type } = bodyWith(b, mark);
      return post(b, body, type);
    },
  },
  {
    name: "huge-string",
    heavy: true,
    applies: isPost,
    build: (_t, b, rng) => {
      const big = rng() < 0.7 ? STR_1MB : STR_1MB_UNICODE;
      const keys = asPairs(b.fields).map(([k]) => k);
      const victim = keys.length ? pick(rng, keys) : "campo";
      if (b.kind === "json") {
        const obj = Object.fromEntries(asPairs(b.fields));
        obj[rng() < 0.9 ? victim : big.slice(0, 100_000)] = big;
        return post(b, JSON.stringify(obj), "application/json");
      }
      const pairs = strPairs(b.fields);
      if (rng() < 0.15) pairs.push([STR_1MB, "valor"]);
      else if (pairs.length) pairs[keys.indexOf(victim)] = [victim, big];
      else pairs.push([victim, big]);
      return post(b, encodeForm(pairs), "application/x-www-form-urlencoded");
    },
  },
  {
    name: "deep-json",
    applies: isPost,
    build: (_t, b, rng) => {
      const deep = rng() < 0.5 ? DEEP_OBJECT : DEEP_ARRAY;
      const shape = rng();
      if (shape < 0.4) return post(b, deep, "application/json");
      if (shape < 0.8)
        return post(
          b,
          nestJsonFields(b.kind === "json" ? (b.fields as JsonFields) : Object.fromEntries(strPairs(b.fields)), deep),
          "application/json",
        );
      if (b.kind === "json") return post(b, deep, "text/plain");
      // The same text as a form field value.
      return post(b, encodeForm([...strPairs(b.fields), ["json", deep]]), "application/x-www-form-urlencoded");
    },
  },
  {
    name: "wrong-types",
    applies: hasInput,
    build: (t, b, rng) => {
      const odd = (): unknown =>
        pick(rng, [
          0,
          -1,
          1e308,
          3.14,
          true,
          false,
          null,
          [],
          ["a", "b"],
          {},
          { a: 1 },
          [[["x"]]],
          { $ne: null },
          "",
          [null],
        ]);
      if (!isPost(t)) {
        return get(
          b,
          b.query.flatMap(([k, v]): [string, string][] =>
            pick(rng, [
              [
                [`${k}[]`, v],
                [`${k}[]`, "b"],
              ],
              [[`${k}[$ne]`, "1"]],
              [[`${k}[a][b]`, "1"]],
            ]),
          ),
          true,
        );
      }
      if (b.kind === "json" || rng() < 0.5) {
        // Every expected string replaced, or only one.
        const all = rng() < 0.5;
        const pairs = asPairs(b.fields);
        const victim = pairs.length ? pick(rng, pairs)[0] : "message";
        const obj = Object.fromEntries(pairs.map(([k, v]) => [k, all || k === victim ? odd() : v]));
        if (!pairs.length) obj[victim] = odd();
        return post(b, JSON.stringify(obj), "application/json");
      }
      // qs-style names a form parser might turn into arrays/objects.
      const pairs = strPairs(b.fields).flatMap(([k, v]): Fields =>
        pick(rng, [
          [
            [`${k}[]`, v],
            [`${k}[]`, "otro"],
          ],
          [[`${k}[0]`, v]],
          [[`${k}[$gt]`, ""]],
          [[`${k}.length`, "1e9"]],
        ]),
      );
      return post(b, encodeForm(pairs), "application/x-www-form-urlencoded");
    },
  },
  {
    name: "proto-keys",
    applies: hasInput,
    build: (t, b, rng) => {
      const protoPairs: Fields = [
        ["__proto__", "x"],
        ["constructor", "y"],
        ["prototype", "z"],
        ["__proto__[admin]", "1"],
        ["constructor[prototype][admin]", "1"],
        ["hasOwnProperty", "1"],
        ["toString", "1"],
        ["valueOf", "1"],
      ];
      if (!isPost(t)) return get(b, rng() < 0.5 ? [...protoPairs, ...b.query] : [...b.query, ...protoPairs]);
      if (b.kind === "json") {
        const fields = Object.fromEntries(asPairs(b.fields));
        const inner = JSON.stringify(fields);
        const text = pick(rng, [
          `{"__proto__":${inner}}`,
          `{"constructor":{"prototype":${inner}}}`,
          `{"prototype":${inner},"__proto__":{"admin":true}}`,
          `${inner.slice(0, -1)}${inner.length > 2 ? "," : ""}"__proto__":{"toString":1,"admin":true},"constructor":{"prototype":{"polluted":1}}}`,
          `{"__proto__":null,${inner.slice(1)}`,
          `[${inner}]`,
        ]);
        return post(b, text, "application/json");
      }
      const base = strPairs(b.fields);
      // Also the real field names moved under prototype keys.
      const renamed = base.map(([k, v]): [string, string] => [
        pick(rng, [`__proto__[${k}]`, `constructor[${k}]`, k]),
        v,
      ]);
      return post(
        b,
        encodeForm(rng() < 0.5 ? [...protoPairs, ...base] : [...renamed, ...protoPairs]),
        "application/x-www-form-urlencoded",
      );
    },
  },
  {
    name: "huge-array",
    heavy: true,
    applies: isPost,
    build: (_t, b, rng) => {
      if (b.kind === "json") {
        const pairs = asPairs(b.fields);
        const arr = rng() < 0.5 ? HUGE_JSON_ARRAY : HUGE_NUMBER_ARRAY;
        if (rng() < 0.25) return post(b, arr, "application/json");
        const victim = pairs.length ? pick(rng, pairs)[0] : "courseIds";
        const rest = pairs.filter(([k]) => k !== victim).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
        return post(b, `{${[...rest, `${JSON.stringify(victim)}:${arr}`].join(",")}}`, "application/json");
      }
      const pairs = strPairs(b.fields);
      const [k, v] = pairs.length ? pick(rng, pairs) : ["campo", "x"];
      const repeated =
        rng() < 0.5
          ? `&${encodeURIComponent(k)}=${encodeURIComponent(v)}`.repeat(100_000)
          : Array.from({ length: 100_000 }, (_, i) => `&k${i}=1`).join("");
      return post(b, encodeForm(pairs) + repeated, "application/x-www-form-urlencoded");
    },
  },
  {
    name: "bad-percent",
    applies: hasInput,
    build: (t, b, rng) => {
      const bad = () => pick(rng, BAD_PERCENT);
      if (!isPost(t)) {
        if (t.route.params.length && rng() < 0.5) return get({ ...b, path: pathWith(t, b, rng, bad()) });
        return get(
          b,
          [...b.query.map(([k, v]): [string, string] => [k, `${encodeURIComponent(v)}${bad()}`]), [bad(), bad()]],
          true,
        );
      }
      if (b.kind === "json") {
        if (rng() < 0.5) return post(b, `${bad()}${bad()}=${bad()}`, "application/x-www-form-urlencoded");
        const { body } = bodyWith(b, (v) => `${v}${bad()}`);
        return post(b, body, "application/json");
      }
      const pairs = strPairs(b.fields);
      const body = pairs.length
        ? pairs
            .map(([k, v]) =>
              rng() < 0.3 ? `${k}${bad()}=${encodeURIComponent(v)}` : `${k}=${encodeURIComponent(v)}${bad()}`,
            )
            .join("&")
        : `${bad()}=${bad()}`;
      return post(b, body, "application/x-www-form-urlencoded");
    },
  },
  {
    name: "duplicate-fields",
    applies: hasInput,
    build: (t, b, rng) => {
      if (!isPost(t)) {
        return get(
          b,
          b.query.flatMap(([k, v]): [string, string][] =>
            rng() < 0.5
              ? [
                  [k, v],
                  [k, "otro"],
                ]
              : [
                  [k, "%00"],
                  [k, v],
                  [k.toUpperCase(), v],
                ],
          ),
        );
      }
      const pairs = asPairs(b.fields);
      if (b.kind === "json") {
        // Duplicate keys only exist in the text: the last one wins in JSON.parse.
        const parts = pairs.flatMap(([k, v]) => {
          const good = `${JSON.stringify(k)}:${JSON.stringify(v)}`;
          const odd = `${JSON.stringify(k)}:${JSON.stringify(pick(rng, [null, 1, [], {}, "", "\u0000"]))}`;
          return rng() < 0.5 ? [good, odd] : [odd, good];
        });
        return post(b, `{${parts.join(",") || '"a":1,"a":2'}}`, "application/json");
      }
      const dup = strPairs(b.fields).flatMap(([k, v]): Fields =>
        rng() < 0.5
          ? [
              [k, v],
              [k, pick(rng, ["", "otro", "\u0000", STR_1MB.slice(0, 5000)])],
            ]
          : [
              [k, pick(rng, ["", "otro"])],
              [k, v],
            ],
      );
      return post(
        b,
        encodeForm(
          dup.length
            ? dup
            : [
                ["a", "1"],
                ["a", "2"],
              ],
        ),
        "application/x-www-form-urlencoded",
      );
    },
  },
  {
    name: "content-type",
    applies: isPost,
    build: (_t, b, rng) => {
      const { body } = bodyWith(b, (v) => v);
      const json = JSON.stringify(b.kind === "json" ? b.fields : Object.fromEntries(strPairs(b.fields)));
      const form = encodeForm(strPairs(b.fields));
      const boundary = "----fuzz7MA4YWxkTrZu0gW";
      const multipart = [
        ...strPairs(b.fields).map(
          ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
        ),
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${"x".repeat(1000)}\r\n`,
        `--${boundary}--\r\n`,
      ].join("");
      const variants: [string | Buffer, string | null, Record<string, string>?][] = [
        [body, "text/plain"],
        [body, "application/xml"],
        [form, "application/json"],
        [json, "application/x-www-form-urlencoded"],
        [body, null],
        [body, "multipart/form-data"],
        [body, "multipart/form-data; boundary="],
        [body, `multipart/form-data; boundary=${boundary}`],
        [multipart, `multipart/form-data; boundary=${boundary}`],
        [multipart.slice(0, multipart.length / 2), `multipart/form-data; boundary=${boundary}`],
        [
          Buffer.from(body, "utf16le"),
          `${b.kind === "json" ? "application/json" : "application/x-www-form-urlencoded"}; charset=utf-16le`,
        ],
        [body, `${b.kind === "json" ? "application/json" : "application/x-www-form-urlencoded"}; charset=bogus-8`],
        [`\ufeff${body}`, b.kind === "json" ? "application/json" : "application/x-www-form-urlencoded"],
        [`${body}}}}garbage`, b.kind === "json" ? "application/json" : "application/x-www-form-urlencoded"],
        [
          body,
          b.kind === "json" ? "application/json" : "application/x-www-form-urlencoded",
          { "content-encoding": "gzip" },
        ],
        [Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xff]), "application/octet-stream"],
        [body, ";;;=;"],
        [body, "application/json, application/x-www-form-urlencoded"],
      ];
      const [payload, type, extra] = pick(rng, variants);
      return post(b, payload, type, extra ?? {});
    },
  },
  {
    name: "overlong-url",
    applies: () => true,
    build: (t, b, rng) => {
      const shape = rng();
      let p: string;
      if (shape < 0.3) p = withQuery(b.path, [...b.query, ["x", "y".repeat(5_000)]]);
      else if (shape < 0.55) p = `${b.path}${b.path.endsWith("/") ? "" : "/"}${"z".repeat(8_000)}`;
      else if (shape < 0.8)
        p = withQuery(b.path, [...b.query, ["x", "y".repeat(Math.max(1, 4_090 - b.path.length - 3))]]);
      else
        p = withQuery(
          b.path,
          Array.from({ length: 600 }, (_, i): [string, string] => [`p${i}`, "1"]),
        );
      if (rng() < 0.1) p = `/${"a/".repeat(20_000)}`; // beyond Node's 16 KB header limit
      if (!isPost(t)) return { method: "GET", path: p, headers: b.headers };
      const { body, type } = bodyWith(b, (v) => v);
      return { ...post(b, body, type), path: p };
    },
  },
  {
    name: "nul-path",
    applies: (t) => t.route.params.length > 0 || t.route.query.length > 0,
    build: (t, b, rng) => {
      const attack = pick(rng, PATH_ATTACKS);
      const inPath = t.route.params.length > 0 && (t.route.query.length === 0 || rng() < 0.6);
      const path = inPath ? pathWith(t, b, rng, attack) : b.path;
      const query = inPath
        ? b.query
        : b.query.map(([k, v]): [string, string] => [k, rng() < 0.5 ? attack : `${encodeURIComponent(v)}${attack}`]);
      if (!isPost(t)) return get({ ...b, path }, query, !inPath);
      const { body, type } = bodyWith(b, (v) => v);
      return { ...post({ ...b, path }, body, type), path: withQuery(path, query, !inPath) };
    },
  },
  {
    name: "bad-cookie",
    applies: () => true,
    build: (t, b, rng) => {
      const valid = b.c.user.cookie;
      const value = valid.split("=")[1] ?? "";
      const cookie = pick(rng, [
        "an_session=%",
        "an_session=%00",
        "an_session=%ED%A0%80",
        `an_session=${"A".repeat(8_000)}`,
        "an_session=",
        "an_session",
        `${valid}; ${valid}x`,
        `an_session=x; ${valid}`,
        `${valid}%00`,
        'an_session="entre comillas"',
        "an_session=../../etc/passwd",
        `an_session=${value.slice(0, -2)}`,
        `an_session=${value.toUpperCase()}`,
        ";;;;",
        "=; =; =",
        "an_session=%E2%80%AE",
        "__proto__=1; constructor=2; an_session=%",
        b.c.staleCookie,
      ]);
      const headers = { ...b.headers, cookie };
      if (!isPost(t)) return { ...get(b), headers };
      const { body, type } = bodyWith(b, (v) => v);
      return { ...post(b, body, type), headers: { ...headers, "content-type": type } };
    },
  },
  {
    name: "bad-forwarded-for",
    applies: () => true,
    build: (t, b, rng) => {
      const xff = pick(rng, [
        "",
        "999.999.999.999",
        "no-es-una-ip",
        "::1",
        "::ffff:127.0.0.1",
        "1.2.3.4, 5.6.7.8, ",
        new Array(1_000).fill("1.2.3.4").join(","),
        "%00",
        "[::1]:80",
        "1.2.3.4:5678",
        "unknown",
        ",,,,",
        "\u00f1\u00ff",
        "0.0.0.0",
        "fe80::1%eth0",
      ]);
      const headers = { ...b.headers, "x-forwarded-for": xff };
      if (!isPost(t)) return { ...get(b), headers };
      const { body, type } = bodyWith(b, (v) => v);
      return { ...post(b, body, type), headers: { ...headers, "content-type": type } };
    },
  },
  {
    name: "csrf-origin",
    applies: isPost,
    build: (_t, b, rng) => {
      const { body, type } = bodyWith(b, (v) => v);
      const built = post(b, body, type);
      const variant = pick(rng, ["none", "evil", "null", "cross-site", "same-site", "prefix", "garbage"]);
      delete built.headers.origin;
      if (variant === "evil") built.headers.origin = "https://evil.example";
      if (variant === "null") built.headers.origin = "null";
      if (variant === "cross-site") built.headers["sec-fetch-site"] = "cross-site";
      if (variant === "same-site")
        Object.assign(built.headers, { "sec-fetch-site": "same-site", origin: "http://127.0.0.1.evil.example" });
      if (variant === "prefix") built.headers.origin = `${b.c.origin}.evil.example`;
      if (variant === "garbage") built.headers.origin = "%00://\u00ff";
      return built;
    },
  },
  {
    name: "odd-method",
    applies: () => true,
    build: (t, b, rng) => {
      const method = pick(rng, ["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "HEAD", "PROPFIND", "GET"]);
      const { body, type } = isPost(t)
        ? bodyWith(b, (v) => v)
        : { body: "x=1", type: "application/x-www-form-urlencoded" };
      // GET/HEAD with a body too: the server must not read it as an action.
      return {
        method,
        path: withQuery(b.path, b.query),
        headers: { ...b.headers, "content-type": type },
        body: method === "HEAD" ? undefined : body,
      };
    },
  },
  {
    name: "raw-bytes",
    applies: (t) => t.route.params.length > 0 || t.route.query.length > 0 || isPost(t),
    build: (t, b, rng) => {
      const target = pick(rng, [
        `${b.path}\u0000x`,
        `${b.path}/a b`,
        `${b.path}?q=\u0000`,
        `${b.path}\u00ff\u00fe`,
        `${b.path}\t`,
        `/\u0000`,
        `${b.path}#frag`,
        `http://127.0.0.1${b.path}`,
        `*`,
      ]);
      const body = isPost(t) ? bodyWith(b, (v) => v).body : "";
      const lines = [
        `${t.method} ${target} HTTP/1.1`,
        `Host: 127.0.0.1:${new URL(b.c.origin).port}`,
        `Origin: ${b.c.origin}`,
        ...(b.headers.cookie ? [`Cookie: ${b.headers.cookie}`] : []),
        ...(rng() < 0.3 ? [`X-Bad: a\u0000b`] : []),
        ...(rng() < 0.2 ? ["Transfer-Encoding: chunked"] : []),
        `Content-Type: ${b.kind === "json" ? "application/json" : "application/x-www-form-urlencoded"}`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Connection: close",
      ];
      return {
        method: t.method,
        path: target,
        headers: {},
        raw: Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), Buffer.from(body)]),
      };
    },
  },
];

function buildTargets(routes: RouteInfo[]): { targets: Target[]; unknownActions: string[] } {
  const targets: Target[] = [];
  const unknownActions: string[] = [];
  for (const route of routes) {
    targets.push({ name: `GET ${route.pattern}`, route, method: "GET" });
    if (!route.hasAction) continue;
    const spec = ACTIONS[route.pattern] ?? GENERIC_ACTION;
    if (!ACTIONS[route.pattern]) unknownActions.push(route.pattern);
    for (const variant of spec.variants) {
      targets.push({
        name: `POST ${route.pattern}${variant.label ? ` (${variant.label})` : ""}`,
        route,
        method: "POST",
        action: spec,
        variant,
      });
    }
  }
  // Pages without an action answer POSTs too (405): one target covers them.
  const pages = routes.filter((r) => !r.hasAction && r.ui);
  if (pages.length) {
    const noAction: RouteInfo = {
      pattern: "(page without action)",
      file: "",
      params: [],
      query: [],
      hasAction: false,
      ui: true,
    };
    targets.push({
      name: "POST (page without action)",
      route: noAction,
      method: "POST",
      action: GENERIC_ACTION,
      variant: GENERIC_ACTION.variants[0],
    });
  }
  return { targets, unknownActions };
}

// — one run on one database —

interface Planned {
  target: Target;
  family: Family;
  auth: "anon" | "user";
}

interface Failure {
  method: string;
  path: string;
  family: string;
  target: string;
  auth: string;
  status: number;
  error?: string;
}

interface DbReport {
  kind: DbKind;
  sent: number;
  byClass: Map<string, number>;
  byFamily: Map<string, Map<string, number>>;
  fivexx: Failure[];
  fivexxCount: number;
  fivexxGroups: Map<string, number>;
  transport: Failure[];
  transportCount: number;
  slowest: { ms: number; desc: string } | null;
  peakRss: number;
  crashes: number;
  log: ServerLog;
  seconds: number;
  keepAliveRetries: number;
}

function makePlan(targets: Target[], rng: Rng): Planned[] {
  const combos: Planned[] = [];
  for (const target of targets) {
    for (const family of FAMILIES) {
      if (!family.applies(target)) continue;
      for (const auth of ["anon", "user"] as const) combos.push({ target, family, auth });
    }
  }
  const plan: Planned[] = [];
  for (let round = 0; plan.length < TOTAL && round < 10_000; round++) {
    for (const combo of shuffle(rng, [...combos])) {
      if (combo.family.heavy && round % 4 !== 0) continue;
      plan.push(combo);
      if (plan.length >= TOTAL) break;
    }
  }
  return plan;
}

function baseRequest(t: Target, c: Ctx, auth: "anon" | "user", rng: Rng, i: number, address: string): Base {
  let p = t.route.pattern;
  if (p === "(page without action)")
    p = pick(rng, ["/", "/equipo", "/formaciones", `/formaciones/${pick(rng, c.courseIds)}`, "/privacy", "/carrito"]);
  for (const param of t.route.params)
    p = p.replace(`:${param}`, encodeURIComponent(paramValue(t.route, param, c, rng)));
  const query: [string, string][] =
    t.method === "GET" ? t.route.query.map((q) => [q, (QUERY_VALUES[q] ?? (() => "x"))(c, rng)]) : [];
  if (t.route.pattern === "/success" && t.method === "GET") {
    query.length = 0;
    for (const [k, v] of new URLSearchParams(c.successQuery)) query.push([k, v]);
  }
  // Single fetch: UI routes also answer <path>.data (the client-side navigation endpoint).
  if (t.route.ui && t.route.pattern !== "(page without action)" && rng() < 0.15)
    p = p === "/" ? "/_root.data" : `${p}.data`;
  const headers: Record<string, string> = { accept: rng() < 0.2 ? "application/json" : "text/html" };
  // Per-address limits would otherwise stop most requests before the parsing under test;
  // the demo gateway only pays for loopback clients, so its page gets no forwarded address.
  if (!t.route.pattern.startsWith("/pago-demo/")) headers["x-forwarded-for"] = address;
  if (t.method === "POST") headers.origin = c.origin;
  if (auth === "user") {
    if (t.route.pattern === "/logout" && t.method === "POST") headers.cookie = c.logoutCookies.pop() ?? c.staleCookie;
    else headers.cookie = c.user.cookie;
  }
  const spec = t.action;
  const fields = spec && t.variant ? t.variant.fields(c, rng, i) : [];
  if (spec?.headers) Object.assign(headers, spec.headers);
  return { c, path: p, query, fields, headers, kind: t.method === "GET" ? "none" : (spec?.body ?? "form") };
}

async function setup(client: HttpClient, origin: string, db: DbKind): Promise<Ctx> {
  const catalogue = await client.request({ method: "GET", path: "/api/catalogue", headers: {} });
  const courseIds = (JSON.parse(catalogue.body.toString()) as { courses: { id: string }[] }).courses.map((x) => x.id);
  if (courseIds.length < 3) throw new Error(`the catalogue has ${courseIds.length} courses; the fuzzer needs 3`);
  const user = await registerAccount(client, origin, `fuzz-${SEED}-${db}@example.com`, "10.200.0.1");
  const other = await registerAccount(client, origin, `fuzz-otra-${SEED}-${db}@example.com`, "10.200.0.2");
  const checkout = async (acc: Account, courseId: string) => {
    const res = await client.request({
      method: "POST",
      path: "/api/create-checkout-session",
      headers: postHeaders(origin, acc.address, acc.cookie, "application/json"),
      body: JSON.stringify({ courseId, paymentMethod: "card", withdrawalWaiver: true }),
    });
    const json = JSON.parse(res.body.toString()) as { orderId?: string; url?: string };
    if (res.status !== 200 || !json.orderId)
      throw new Error(`setup checkout failed: ${res.status} ${res.body.toString().slice(0, 200)}`);
    return json.orderId;
  };
  const paidOrder = await checkout(user, courseIds[0]);
  const pay = await client.request({
    method: "POST",
    path: `/pago-demo/${paidOrder}`,
    headers: postHeaders(origin, null, user.cookie),
    body: "intent=pay",
  });
  const location = String(pay.headers.location ?? "");
  if (pay.status !== 302 || !location.includes("/success")) throw new Error(`setup payment failed: ${pay.status}`);
  const pendingOrder = await checkout(user, courseIds[1]);
  const otherOrder = await checkout(other, courseIds[2]);
  // Throwaway sessions of the same user for signed-in POST /logout.
  const logoutCookies: string[] = [];
  for (let i = 0; i < 24; i++) {
    const res = await client.request({
      method: "POST",
      path: "/login",
      headers: postHeaders(origin, `10.201.0.${i + 1}`),
      body: new URLSearchParams({ email: user.email, password: PASSWORD }).toString(),
    });
    const cookie = sessionCookie(res);
    if (cookie) logoutCookies.push(cookie);
  }
  const staleCookie = logoutCookies.pop() ?? "an_session=caducada";
  await client.request({
    method: "POST",
    path: "/logout",
    headers: postHeaders(origin, "10.201.1.1", staleCookie),
    body: "",
  });
  return {
    db,
    origin,
    courseIds,
    user,
    pendingOrder,
    paidOrder,
    otherOrder,
    successQuery: location.split("?")[1] ?? "",
    logoutCookies,
    staleCookie,
  };
}

async function runOnDb(kind: DbKind, pgUrl: string, targets: Target[]): Promise<DbReport> {
  const target = await createTarget(kind, pgUrl, { label: `fuzz-${kind}`, keep: flags.has("keep") });
  const log = new ServerLog();
  let server: AppServer = await startApp({ appDir, target, log, echo: flags.has("verbose") });
  const port = server.port;
  const client = createClient(port, { connections: CONCURRENCY, keepBody: true });
  const report: DbReport = {
    kind,
    sent: 0,
    byClass: new Map(),
    byFamily: new Map(),
    fivexx: [],
    fivexxCount: 0,
    fivexxGroups: new Map(),
    transport: [],
    transportCount: 0,
    slowest: null,
    peakRss: 0,
    crashes: 0,
    log,
    seconds: 0,
    keepAliveRetries: 0,
  };
  const t0 = performance.now();
  try {
    const ctx = await setup(client, server.origin, kind);
    const rng = seededRandom(SEED);
    const plan = makePlan(targets, rng);
    let rss = sampleRss(server, 200);
    // A crashed server is restarted on the same port and data (sessions survive); counted.
    let restarting: Promise<void> | null = null;
    const ensureServer = async () => {
      if (server.alive()) return;
      if (!restarting) {
        restarting = (async () => {
          report.crashes++;
          report.peakRss = Math.max(report.peakRss, rss.stop());
          console.log(`  ! server died (crash ${report.crashes}); restarting`);
          if (report.crashes > 3) throw new Error("server crashed more than 3 times");
          server = await startApp({ appDir, target, log, port });
          rss = sampleRss(server, 200);
        })().finally(() => (restarting = null));
      }
      await restarting;
    };
    let progressAt = Date.now();
    await runPool(plan.length, CONCURRENCY, async (i) => {
      await ensureServer();
      const { target: t, family, auth } = plan[i];
      // Each request has its own RNG: the same seed builds the same request whatever the interleaving.
      const r = seededRandom((SEED ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0);
      const address = `10.${100 + (i % 50)}.${(i >> 8) & 255}.${i & 255}`;
      const base = baseRequest(t, ctx, auth, r, i, address);
      const built = family.build(t, base, r);
      let res: HttpResponse;
      if (built.raw) res = await rawRequest(port, built.raw);
      else {
        const req: HttpRequest = {
          method: built.method,
          path: built.path,
          headers: built.headers,
          body: built.body,
          timeoutMs: 30_000,
        };
        res = await client.request(req);
      }
      report.sent++;
      const cls = statusClass(res.status);
      report.byClass.set(cls, (report.byClass.get(cls) ?? 0) + 1);
      const fam = report.byFamily.get(family.name) ?? new Map<string, number>();
      fam.set(cls, (fam.get(cls) ?? 0) + 1);
      report.byFamily.set(family.name, fam);
      const failure: Failure = {
        method: built.method,
        path: built.path,
        family: family.name,
        target: t.name,
        auth,
        status: res.status,
        error: res.error,
      };
      if (res.status >= 500) {
        report.fivexxCount++;
        if (report.fivexx.length < 20) report.fivexx.push(failure);
        const key = `${res.status} ${t.name} · ${family.name}`;
        report.fivexxGroups.set(key, (report.fivexxGroups.get(key) ?? 0) + 1);
      } else if (res.status === 0) {
        report.transportCount++;
        if (report.transport.length < 10) report.transport.push(failure);
      }
      if (res.status > 0 && (!report.slowest || res.ms > report.slowest.ms)) {
        report.slowest = {
          ms: res.ms,
          desc: `${built.method} ${clip(built.path, 100)} [${family.name}, ${auth}] → ${res.status || res.error}`,
        };
      }
      if (Date.now() - progressAt > 10_000) {
        progressAt = Date.now();
        console.log(`  … ${report.sent}/${plan.length} requests, ${report.fivexxCount} 5xx`);
      }
    });
    report.peakRss = Math.max(report.peakRss, rss.stop(), server.peakRss() ?? 0);
  } finally {
    report.seconds = (performance.now() - t0) / 1000;
    report.keepAliveRetries = client.keepAliveRetries;
    client.close();
    await server.stop();
    await target.cleanup();
  }
  return report;
}

function printReport(r: DbReport) {
  console.log(`\n=== ${r.kind}: ${r.sent} requests in ${r.seconds.toFixed(1)} s (seed ${SEED}) ===`);
  const classes = ["2xx", "3xx", "4xx", "5xx", "transport error"];
  console.log(`responses: ${classes.map((c) => `${c} ${r.byClass.get(c) ?? 0}`).join(" · ")}`);
  const famRows = FAMILIES.filter((f) => r.byFamily.has(f.name)).map((f) => {
    const m = r.byFamily.get(f.name)!;
    return [f.name, ...classes.map((c) => String(m.get(c) ?? 0))];
  });
  console.log(table(["family", ...classes.map((c) => (c === "transport error" ? "transport" : c))], famRows));
  console.log(`\n5xx seen: ${r.fivexxCount}`);
  for (const f of r.fivexx)
    console.log(`  ${f.status} ${f.method} ${clip(f.path, 90)}  [${f.family}, ${f.auth}] (${f.target})`);
  if (r.fivexxGroups.size) {
    console.log(`5xx by target · family (${r.fivexxGroups.size} groups${r.fivexxGroups.size > 30 ? ", top 30" : ""}):`);
    for (const [k, n] of [...r.fivexxGroups.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`  ${String(n).padStart(5)}  ${k}`);
  }
  if (r.transportCount) {
    console.log(`transport errors (no HTTP answer): ${r.transportCount}`);
    for (const f of r.transport) console.log(`  ${f.error} ${f.method} ${clip(f.path, 90)}  [${f.family}, ${f.auth}]`);
  }
  if (r.slowest) console.log(`slowest response: ${fmtMs(r.slowest.ms)}  ${r.slowest.desc}`);
  if (r.keepAliveRetries)
    console.log(`(${r.keepAliveRetries} requests resent once after the server closed a kept-alive socket)`);
  console.log(`server peak RSS: ${mb(r.peakRss)}${r.crashes ? ` · server crashes: ${r.crashes}` : ""}`);
  console.log(
    `server log: ${r.log.errorCount} error lines, ${r.log.http5xx} requests logged with 5xx, ${r.log.stderrCount} non-JSON lines`,
  );
  for (const s of r.log.summary(6)) console.log(`  ${clip(s, 200)}`);
}

// — main —

const routes = discoverRoutes();
const { targets, unknownActions } = buildTargets(routes);
const { kinds, pgUrl } = await selectDatabases(flags);
const actionCount = targets.filter((t) => t.method === "POST").length;
console.log(
  `fuzz: seed ${SEED} (--seed=N to change), ${TOTAL} requests per database, concurrency ${CONCURRENCY}, ` +
    `${routes.length} routes → ${targets.length} targets (${actionCount} POST), ${FAMILIES.length} payload families, databases: ${kinds.join(", ")}`,
);
if (unknownActions.length)
  console.log(`(actions without a field table, fuzzed with generic fields: ${unknownActions.join(", ")})`);

const reports: DbReport[] = [];
for (const kind of kinds) {
  console.log(
    `\n[${kind}] starting ${path.relative(process.cwd(), appDir) || "."} (${process.env.BUILD_DIR ?? "build"})`,
  );
  const report = await runOnDb(kind, pgUrl, targets);
  printReport(report);
  reports.push(report);
}

const total5xx = reports.reduce((s, r) => s + r.fivexxCount, 0);
const crashes = reports.reduce((s, r) => s + r.crashes, 0);
console.log(
  `\nfuzz summary (seed ${SEED}): ${reports.map((r) => `${r.kind} ${r.sent} req, ${r.fivexxCount} 5xx, peak RSS ${mb(r.peakRss)}`).join(" · ")}`,
);
if (total5xx > 0 || crashes > 0) {
  console.log(`FAIL: ${total5xx} responses with 5xx${crashes ? `, ${crashes} server crashes` : ""}`);
  process.exit(1);
}
console.log("OK: no 5xx");
