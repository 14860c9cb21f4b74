/**
 * Server hardening checked in-process: the Express app of server/app.ts around a
 * tiny hand-written React Router build whose entry module is the real
 * app/entry.server.tsx (its handleError), with the logger writing to memory.
 */
import type { Server } from "node:http";
import { Writable } from "node:stream";
import { data, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as entry from "~/entry.server.tsx";
import { createLogger } from "~/lib/logger.server.ts";
import type { AppServices } from "~/services.server.ts";
import { MAX_BODY_BYTES } from "../../server/body-limit.ts";
import { createApp } from "../../server/app.ts";
import { testConfig } from "../helpers/accounts.ts";

let logged = "";
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    logged += chunk.toString();
    done();
  },
});

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/** A resource route: no component, which the module type otherwise requires. */
const route = (id: string, path: string, module: Omit<RouteModule, "default">) => ({
  id,
  parentId: "root",
  path,
  module: module as RouteModule,
});

/** Resource routes only: nothing to render, so no client assets are needed. */
const build: ServerBuild = {
  entry: { module: entry },
  routes: {
    root: { id: "root", path: "", module: {} as RouteModule },
    boom: route("boom", "boom", {
      action: () => {
        throw new Error("boom in an action");
      },
    }),
    gone: route("gone", "gone", {
      action: () => {
        throw data({ message: "ya no existe" }, 404);
      },
    }),
    echo: route("echo", "echo", {
      action: async ({ request }: { request: Request }) =>
        Response.json({ bytes: (await request.arrayBuffer()).byteLength }),
    }),
    readonly: route("readonly", "solo-lectura", { loader: () => Response.json({ ok: true }) }),
  },
  assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
  publicPath: "/",
  assetsBuildDirectory: "",
  future: {} as ServerBuild["future"],
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
};

let server: Server;
let base: string;

beforeAll(async () => {
  // The routes above use only the logger and the config (no database, mail or payments).
  const services = { config: testConfig(), logger: createLogger("info", sink) } as AppServices;
  server = createApp(services, { build }).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

// Form posts: every POST outside /api/ and /chatbot/ is a form action (others get 415).
const post = (path: string, body = "a=1") =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body,
  });

const logLines = () =>
  logged
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string; stack: string } });

describe("handleError (app/entry.server.tsx)", () => {
  it("logs an action that throws as one JSON line at level 50, with the error serialized", async () => {
    logged = "";
    const res = await post("/boom");
    expect(res.status).toBe(500);
    await new Promise((r) => setTimeout(r, 50));
    const errors = logLines().filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0].msg).toBe("request failed");
    expect(errors[0].err?.message).toBe("boom in an action");
    expect(errors[0].err?.stack).toContain("boom in an action");
    // One line per entry: the stack lives inside the JSON string.
    for (const line of logged.split("\n").filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
  });

  it("does not log the visitor's own mistakes (4xx)", async () => {
    logged = "";
    expect((await post("/gone")).status).toBe(404);
    // A POST where there is no action: React Router's own 405.
    expect((await post("/solo-lectura")).status).toBe(405);
    await new Promise((r) => setTimeout(r, 50));
    expect(logLines().filter((l) => l.level >= 40)).toEqual([]);
  });
});

describe("request bodies reach React Router bounded", () => {
  it("hands the action the whole body under the limit", async () => {
    const body = `text=${"x".repeat(MAX_BODY_BYTES - 100)}`;
    const res = await post("/echo", body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: Buffer.byteLength(body) });
  });

  it("answers JSON 413 one byte over the limit", async () => {
    const res = await fetch(`${base}/echo`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json", accept: "application/json" },
      body: "x".repeat(MAX_BODY_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "La petición es demasiado grande" });
  });
});
