// Payload families that break the HTTP around the fields: content types,
// overlong URLs, attacks in the path, cookies, X-Forwarded-For, Origin, odd
// methods and raw bytes on a fresh socket.
import { pick } from "../lib/util.ts";
import {
  bodyWith,
  encodeForm,
  get,
  isPost,
  PATH_ATTACKS,
  pathWith,
  post,
  strPairs,
  withQuery,
  type Family,
} from "./payload-kit.ts";

export const HTTP_FAMILIES: Family[] = [
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
      // The request's own cookie (the staff owner's on /gestion), else the fuzz user's.
      const valid = b.headers.cookie ?? b.c.user.cookie;
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
