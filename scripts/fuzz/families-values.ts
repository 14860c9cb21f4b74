// Payload families that break the values of a correct request: none (valid),
// missing fields, NUL bytes, lone surrogates, bidi/zero-width marks, 1 MB
// strings and 10,000-level JSON.
import { pick } from "../lib/util.ts";
import type { Fields, JsonFields } from "./actions.ts";
import {
  asPairs,
  bodyWith,
  DEEP_ARRAY,
  DEEP_OBJECT,
  encodeForm,
  get,
  hasInput,
  insertAt,
  isPost,
  LONE,
  MARKS,
  nestJsonFields,
  pathWith,
  post,
  STR_1MB,
  STR_1MB_UNICODE,
  strPairs,
  type Family,
} from "./payload-kit.ts";

export const VALUE_FAMILIES: Family[] = [
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
];
