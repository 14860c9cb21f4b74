import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets, type PrecompressedAssetsHandler } from "./static-assets.ts";

const source = "console.log('hola');\n".repeat(50);
let dir: string;
let server: Server;
let base: string;
let handler: PrecompressedAssetsHandler;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "an-assets-"));
  writeFileSync(path.join(dir, "app-abc123.js"), source);
  writeFileSync(path.join(dir, "app-abc123.js.br"), brotliCompressSync(source));
  writeFileSync(path.join(dir, "app-abc123.js.gz"), gzipSync(source));
  writeFileSync(path.join(dir, "plain-def456.css"), "body{}");
  handler = precompressedAssets(dir);
  const app = express();
  app.use("/assets", handler);
  app.use("/assets", express.static(dir));
  app.use((_req, res) => void res.status(404).end());
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe("precompressedAssets", () => {
  it("lists the precompressed copies once, at start", () => {
    expect([...handler.precompressed].sort()).toEqual(["app-abc123.js.br", "app-abc123.js.gz"]);
  });

  it("serves the .br copy with Content-Encoding br, and gzip when br is not accepted", async () => {
    const br = await fetch(`${base}/assets/app-abc123.js`, { headers: { "accept-encoding": "br" } });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await br.text()).toBe(source);
    const gz = await fetch(`${base}/assets/app-abc123.js`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toBe(source);
    // No copy: falls through to the plain file.
    const css = await fetch(`${base}/assets/plain-def456.css`, { headers: { "accept-encoding": "br" } });
    expect(css.status).toBe(200);
    expect(css.headers.get("content-encoding")).toBeNull();
  });

  it("remembers nothing about 2,000 unique missing names", async () => {
    const before = [...handler.precompressed];
    for (let i = 0; i < 2000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, async (_, j) => {
          const res = await fetch(`${base}/assets/missing-${i + j}.js`, { headers: { "accept-encoding": "br, gzip" } });
          expect(res.status).toBe(404);
          await res.arrayBuffer();
        }),
      );
    }
    expect([...handler.precompressed]).toEqual(before);
    // A copy written after start is not picked up either: the build is immutable.
    writeFileSync(path.join(dir, "late-xyz.js"), source);
    writeFileSync(path.join(dir, "late-xyz.js.br"), brotliCompressSync(source));
    const late = await fetch(`${base}/assets/late-xyz.js`, { headers: { "accept-encoding": "br" } });
    expect(late.headers.get("content-encoding")).toBeNull();
    expect(handler.precompressed.size).toBe(2);
  });
});
