// The pieces the payload families are built from: the correct request of a
// target (Base), what a family builds (Built), the large and odd constants, and
// helpers that encode a request with one thing changed.
import { paramValue, type Ctx, type Fields, type JsonFields } from "./actions.ts";
import type { Target } from "./targets.ts";
import { pick, type Rng } from "../lib/util.ts";

export interface Built {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
  /** Sent as raw bytes on a fresh socket instead of through node:http. */
  raw?: Buffer;
}

export interface Family {
  name: string;
  /** Expensive (MB-sized): only every fourth round. */
  heavy?: boolean;
  applies: (t: Target) => boolean;
  build: (t: Target, base: Base, rng: Rng) => Built;
}

/** The correct request for a target; families start from it and break one thing. */
export interface Base {
  c: Ctx;
  path: string;
  query: [string, string][];
  fields: Fields | JsonFields;
  headers: Record<string, string>;
  kind: "form" | "json" | "none";
}

const MEGA = 1 << 20;
export const STR_1MB = "a".repeat(MEGA);
export const STR_1MB_UNICODE = "ñ\u202e\u200b".repeat(Math.floor(MEGA / 3));
export const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
export const DEEP_ARRAY = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
export const HUGE_JSON_ARRAY = `[${Array.from({ length: 100_000 }, () => '"formacion-inicio"').join(",")}]`;
export const HUGE_NUMBER_ARRAY = `[${new Array(100_000).fill("1").join(",")}]`;
export const MARKS = [
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
export const BAD_PERCENT = [
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
export const LONE = ["%ED%A0%80", "%ED%B0%80", "%ED%A0%80%ED%A0%80", "%F0%90%80", "%C0%80", "%F8%88%80%80%80"];
export const PATH_ATTACKS = [
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

export function nestJsonFields(fields: JsonFields, depthJson: string): string {
  const entries = Object.keys(fields).map((k) => `${JSON.stringify(k)}:${depthJson}`);
  return `{${entries.join(",")}}`;
}

export const asPairs = (f: Fields | JsonFields): [string, unknown][] => (Array.isArray(f) ? f : Object.entries(f));
export const strPairs = (f: Fields | JsonFields): Fields =>
  asPairs(f).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]);

export function encodeForm(pairs: [string, string][]): string {
  return new URLSearchParams(pairs).toString();
}

export function withQuery(p: string, query: [string, string][], raw = false): string {
  if (!query.length) return p;
  const q = raw ? query.map(([k, v]) => `${k}=${v}`).join("&") : encodeForm(query);
  return `${p}?${q}`;
}

/** The body of a correct request, with values transformed (strings only). */
export function bodyWith(b: Base, map: (v: string, k: string) => unknown): { body: string; type: string } {
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

export function insertAt(rng: Rng, s: string, piece: string): string {
  const at = Math.floor(rng() * (s.length + 1));
  return s.slice(0, at) + piece + s.slice(at);
}

export const isPost = (t: Target) => t.method === "POST";
export const hasInput = (t: Target) => t.method === "POST" || t.route.params.length > 0 || t.route.query.length > 0;

export function post(b: Base, body: string | Buffer, type: string | null, extra: Record<string, string> = {}): Built {
  const headers: Record<string, string> = { ...b.headers, ...extra };
  if (type) headers["content-type"] = type;
  else delete headers["content-type"];
  return { method: "POST", path: withQuery(b.path, b.query), headers, body };
}

export function get(b: Base, q: [string, string][] = b.query, raw = false, extra: Record<string, string> = {}): Built {
  return { method: "GET", path: withQuery(b.path, q, raw), headers: { ...b.headers, ...extra } };
}

/** Replaces one dynamic segment (or the whole path for static routes, as a sub-path). */
export function pathWith(t: Target, b: Base, rng: Rng, value: string): string {
  if (!t.route.params.length) return b.path;
  const name = pick(rng, t.route.params);
  let p = t.route.pattern;
  for (const param of t.route.params) {
    p = p.replace(
      `:${param}`,
      param === name ? value : encodeURIComponent(paramValue(t.route, param, b.c, rng, t.method)),
    );
  }
  return p;
}
