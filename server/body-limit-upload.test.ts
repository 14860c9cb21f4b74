/**
 * The one exception to bodyLimit's in-memory read: the course image upload route,
 * whose multipart body is streamed (counted) to the route instead; and the serving
 * of the uploaded renditions.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isImageUploadPath, isUploadTooLarge, MAX_UPLOAD_REQUEST_BYTES } from "../app/catalogue/image-upload-route.ts";
import { bodyLimit, MAX_BODY_BYTES, streamedBody } from "./body-limit.ts";
import { uploadedImages } from "./static-assets.ts";

let server: Server;
let base: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "an-uploads-"));
  writeFileSync(path.join(dir, "course-0123456789abcdef-320.webp"), "webp");
  mkdirSync(path.join(dir, ".incoming"));
  writeFileSync(path.join(dir, "notas.txt"), "x");
  const app = express();
  app.use("/img/uploads", uploadedImages(dir));
  app.use("/img", (_req, res) => void res.status(404).end());
  app.use(bodyLimit);
  app.post(/.*/, async (req, res) => {
    const stream = streamedBody(req);
    if (!stream) return void res.json({ streamed: false });
    let bytes = 0;
    try {
      const reader = stream.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
      res.json({ streamed: true, bytes });
    } catch (err) {
      res.status(isUploadTooLarge(err) ? 413 : 400).json({ streamed: true, bytes });
    }
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const multipart = { "content-type": "multipart/form-data; boundary=b", origin: "http://x" };

describe("the image upload exception", () => {
  it("covers exactly the upload route and its .data twin", () => {
    expect(isImageUploadPath("/gestion/cursos/expert-nails/imagen")).toBe(true);
    expect(isImageUploadPath("/gestion/cursos/expert-nails/imagen.data")).toBe(true);
    for (const p of [
      "/gestion/cursos/expert-nails",
      "/gestion/cursos/a/imagen/x",
      "/gestion/cursos//imagen",
      "/imagen",
      "/gestion/cursos/a/b/imagen",
    ]) {
      expect(isImageUploadPath(p), p).toBe(false);
    }
  });

  it("streams a body well over 64 KB to the upload route, and still refuses it elsewhere", async () => {
    const body = new Uint8Array(3 * 1024 * 1024).fill(0x61);
    const upload = await fetch(`${base}/gestion/cursos/c/imagen`, { method: "POST", headers: multipart, body });
    expect(await upload.json()).toEqual({ streamed: true, bytes: body.length });
    const other = await fetch(`${base}/gestion/cursos/c`, { method: "POST", headers: multipart, body });
    expect(other.status).toBe(413);
    expect(body.length).toBeGreaterThan(MAX_BODY_BYTES);
  });

  it("refuses a declared length over the cap at once, and any type but multipart", async () => {
    const declared = await new Promise<number>((resolve) => {
      const req = httpRequest(`${base}/gestion/cursos/c/imagen`, {
        method: "POST",
        headers: { ...multipart, "content-length": String(MAX_UPLOAD_REQUEST_BYTES + 1) },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", () => {});
      req.write("--b\r\n"); // never finished: the answer must not wait for it
    });
    expect(declared).toBe(413);
    const text = await fetch(`${base}/gestion/cursos/c/imagen`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "hola",
    });
    expect(text.status).toBe(415);
  });

  it("fails the stream once a chunked body passes the cap", async () => {
    const chunk = new Uint8Array(512 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_UPLOAD_REQUEST_BYTES + chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${base}/gestion/cursos/c/imagen`, {
      method: "POST",
      headers: multipart,
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    const { bytes } = (await res.json()) as { bytes: number };
    expect(bytes).toBeLessThanOrEqual(MAX_UPLOAD_REQUEST_BYTES);
  });
});

describe("uploadedImages", () => {
  it("serves renditions for a year and nothing else in the folder", async () => {
    const ok = await fetch(`${base}/img/uploads/course-0123456789abcdef-320.webp`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(ok.headers.get("content-type")).toBe("image/webp");
    for (const name of ["notas.txt", ".incoming", "course-0123456789abcdef-320.webp.1234.tmp", "", "../x"]) {
      expect((await fetch(`${base}/img/uploads/${name}`)).status, name).toBe(404);
    }
  });
});
