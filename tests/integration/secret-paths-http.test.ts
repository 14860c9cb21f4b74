/**
 * Secrets in addresses never reach the server's log (issue 31, item 2): the
 * production build, asked for every kind of path that carries a token or an
 * order id (pages, their .data twins, the .ics, other capitals, an escaped
 * letter, a query, a POST, a Referer), logs each of them with the secret
 * replaced by [redacted]. The rule itself: app/secret-paths.ts.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../helpers/server.ts";

let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer({ LOG_LEVEL: "info" }, { seed: false });
});
afterAll(async () => {
  await srv?.stop();
});

const token = () => randomBytes(32).toString("base64url");

describe("the request log", () => {
  it("never holds a secret path segment", async () => {
    const secrets: string[] = [];
    const paths: string[] = [];
    const add = (make: (secret: string) => string, secret = token()) => {
      secrets.push(secret);
      paths.push(make(secret));
    };
    add((s) => `/gestion/activar/${s}`);
    add((s) => `/gestion/activar/${s}.data`);
    add((s) => `/cita/${s}`);
    add((s) => `/cita/${s}.data?_routes=routes%2Fcita`);
    add((s) => `/cita/${s}/calendario.ics`);
    add((s) => `/CITA/${s}`);
    add((s) => `/cit%61/${s}`);
    add((s) => `/cita/${s}/`);
    add((s) => `/cita/${s}/no-existe`);
    add((s) => `/reservar/confirmar/${s}`);
    add((s) => `/reservar/confirmar/${s}?desde=correo`);
    add((s) => `/pago-demo/${s}`, randomUUID());
    add((s) => `/perfil/compras/${s}/desistir`, randomUUID());
    add((s) => `/api/pedidos/${s}/calendario.ics`, randomUUID());
    add((s) => `/gestion/pedidos/${s}`, randomUUID());
    add((s) => `/gestion/pedidos/${s}/reembolsar`, randomUUID());
    for (const path of paths) {
      const res = await fetch(srv.url + path, { redirect: "manual" });
      await res.arrayBuffer();
    }
    // A form sent to an activation link, with the link as its Referer.
    const posted = token();
    secrets.push(posted);
    const post = await fetch(`${srv.url}/gestion/activar/${posted}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: srv.url,
        referer: `${srv.url}/gestion/activar/${posted}`,
      },
      body: "mode=new",
      redirect: "manual",
    });
    await post.arrayBuffer();
    // The last line is written once the response is finished.
    await new Promise((r) => setTimeout(r, 300));

    const log = srv.output();
    for (const secret of secrets) expect(log, `${secret} in the log`).not.toContain(secret);
    expect(log).toContain('"url":"/gestion/activar/[redacted]"');
    expect(log).toContain('"url":"/cita/[redacted]/calendario.ics"');
    expect(log).toContain('"url":"/cita/[redacted].data?…"');
    expect(log).toContain('"url":"/reservar/confirmar/[redacted]?…"');
    expect(log).toContain('"url":"/pago-demo/[redacted]"');
    // Not every path is a secret: the order export keeps its name.
    await (await fetch(`${srv.url}/gestion/pedidos/exportar.csv`, { redirect: "manual" })).arrayBuffer();
    await (await fetch(`${srv.url}/formaciones/expert-nails`, { redirect: "manual" })).arrayBuffer();
    await new Promise((r) => setTimeout(r, 300));
    expect(srv.output()).toContain('"url":"/gestion/pedidos/exportar.csv"');
    expect(srv.output()).toContain('"url":"/formaciones/expert-nails"');
  });
});
