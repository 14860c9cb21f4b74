import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routeConfig from "./routes.ts";
import {
  PLAIN_PARAMS,
  REDACTED,
  redactSecretPaths,
  SECRET_PARAMS,
  SECRET_ROUTE_PATTERNS,
  secretPathLeaks,
} from "./secret-paths.ts";

/** Every route of the table as its full pattern ("/cita/:token"), layouts and prefixes joined. */
function patterns(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((e) => {
    const full = e.path ? `${parent}/${e.path}` : parent;
    const own = e.children ? [] : [full || "/"];
    return [...own, ...(e.children ? patterns(e.children, full) : [])];
  });
}

const all = patterns(routeConfig);
const paramsOf = (pattern: string) => [...pattern.matchAll(/:(\w+)\??/g)].map((m) => m[1]!);
const isSecret = (param: string) => (SECRET_PARAMS as readonly string[]).includes(param);
const token = "q3Vw8Z-kX_0aLmN1pQrStUvWxYz2345678901234567";

/** The pattern with each parameter filled: secrets with `secret`, the others with a plain value. */
const fill = (pattern: string, secret: string) =>
  pattern.replace(/:(\w+)\??/g, (_, name: string) => (isSecret(name) ? secret : `${name}-42`)).replace(/\*$/, "x/y");

describe("secret path segments", () => {
  it("lists exactly the routes of app/routes.ts that carry a secret, and every parameter is classified", () => {
    expect(all.length).toBeGreaterThan(80);
    const withSecret = all.filter((p) => paramsOf(p).some(isSecret));
    const listed: readonly string[] = SECRET_ROUTE_PATTERNS;
    expect(
      withSecret.filter((p) => !listed.includes(p)),
      "a route with a secret: add it to SECRET_ROUTE_PATTERNS",
    ).toEqual([]);
    expect(
      listed.filter((p) => !withSecret.includes(p)),
      "listed, but no such route",
    ).toEqual([]);
    const unclassified = all
      .flatMap(paramsOf)
      .filter((p) => !isSecret(p) && !(PLAIN_PARAMS as readonly string[]).includes(p));
    expect(unclassified, "a new route parameter: a secret (SECRET_PARAMS) or not (PLAIN_PARAMS)?").toEqual([]);
  });

  it("redacts the secret of every secret route, in every form a request may take", () => {
    for (const pattern of SECRET_ROUTE_PATTERNS) {
      const path = fill(pattern, token);
      const redacted = fill(pattern, REDACTED);
      for (const [given, expected] of [
        [path, redacted],
        [`${path}.data`, `${redacted}.data`],
        [`${path}?…`, `${redacted}?…`],
        [`${path}/`, `${redacted}/`],
        [`${path}/mas/cosas`, `${redacted}/mas/cosas`],
        [
          path.toUpperCase().replace(token.toUpperCase(), token),
          redacted.toUpperCase().replace("[REDACTED]", REDACTED),
        ],
        [path.replace(/\//g, "//"), redacted.replace(/\//g, "//")],
        [`{"url":"${path}"}`, `{"url":"${redacted}"}`],
        [`GET https://www.alejandranails.es${path}#x failed`, `GET https://www.alejandranails.es${redacted}#x failed`],
      ]) {
        expect(redactSecretPaths(given!), given).toBe(expected);
        expect(secretPathLeaks(given!), given).toEqual([token]);
        expect(secretPathLeaks(expected!), expected).toEqual([]);
      }
    }
  });

  it("leaves every other route's path as it is, the named routes beside a secret one included", () => {
    const plain = all.filter((p) => !paramsOf(p).some(isSecret)).map((p) => fill(p, token));
    expect(plain).toContain("/gestion/pedidos/exportar.csv");
    expect(plain).toContain("/perfil/compras/facturas/invoiceId-42");
    for (const path of plain) {
      expect(redactSecretPaths(path), path).toBe(path);
      expect(redactSecretPaths(`${path}.data?…`), path).toBe(`${path}.data?…`);
    }
  });

  it("redacts several in one line and is idempotent", () => {
    const line = `{"url":"/cita/${token}","referer":"http://localhost:3000/gestion/activar/${token}?x=1","msg":"en /pago-demo/abc"}`;
    const once = redactSecretPaths(line);
    expect(once).toBe(
      `{"url":"/cita/${REDACTED}","referer":"http://localhost:3000/gestion/activar/${REDACTED}?x=1","msg":"en /pago-demo/${REDACTED}"}`,
    );
    expect(redactSecretPaths(once)).toBe(once);
    expect(secretPathLeaks(line)).toEqual([token, token, "abc"]);
  });
});
