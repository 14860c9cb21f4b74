// Payload families that break the shape of the fields: wrong types, prototype
// keys, 100k-item arrays, broken percent-encoding and duplicate fields.
import { pick } from "../lib/util.ts";
import type { Fields } from "./actions.ts";
import {
  asPairs,
  BAD_PERCENT,
  bodyWith,
  encodeForm,
  get,
  hasInput,
  HUGE_JSON_ARRAY,
  HUGE_NUMBER_ARRAY,
  isPost,
  pathWith,
  post,
  STR_1MB,
  strPairs,
  type Family,
} from "./payload-kit.ts";

export const STRUCTURE_FAMILIES: Family[] = [
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
];
