import type { NextFunction, Request, Response } from "express";
import { MAX_WEBHOOK_BYTES, STRIPE_WEBHOOK_PATH } from "../app/payments/webhook-route.ts";
import {
  isImageUploadPath,
  MAX_UPLOAD_REQUEST_BYTES,
  uploadTooLargeError,
} from "../app/catalogue/image-upload-route.ts";
import { isCleanText, isJsonApi, sendError } from "./errors.ts";

/** Largest form or JSON body any route accepts (the biggest real form is a few KB). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Paths whose body is handed on exactly as received (signature over the raw bytes),
 * with their own size limit. Their content is not inspected: the sender signs it.
 */
const RAW_BODY_LIMITS = new Map<string, number>([[STRIPE_WEBHOOK_PATH, MAX_WEBHOOK_BYTES]]);

const TOO_LARGE_MESSAGE = "La petición es demasiado grande";
const INVALID_CHARACTERS_MESSAGE = "Los datos enviados contienen caracteres no válidos";

/** How long a client still sending a refused body may keep the connection before it is cut. */
const DRAIN_GRACE_MS = 1_000;

const bodies = new WeakMap<Request, Buffer>();

/** The body read by `bodyLimit` (never more than its limit); undefined when it did not run. */
export function bufferedBody(req: Request): Buffer | undefined {
  return bodies.get(req);
}

/**
 * Reads every request body before React Router sees it, never keeping more than the
 * limit in memory: a declared Content-Length over the limit is refused without
 * reading; a chunked body is counted as it arrives and refused at the limit.
 * Then refuses NUL bytes and invalid UTF-8 in forms and JSON, which PostgreSQL
 * cannot store (error 22021) and no legitimate visitor sends.
 */
export function bodyLimit(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  if (isImageUploadPath(req.path)) return passUpload(req, res, next);
  const rawLimit = RAW_BODY_LIMITS.get(req.path);
  const limit = rawLimit ?? MAX_BODY_BYTES;
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) return refuseTooLarge(req, res);

  const chunks: Buffer[] = [];
  let size = 0;
  const cleanup = () => {
    req.off("data", onData);
    req.off("end", onEndEvent);
    req.off("error", onError);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      cleanup();
      chunks.length = 0;
      refuseTooLarge(req, res);
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = async () => {
    cleanup();
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
    if (rawLimit === undefined && !hasValidCharacters(req.headers["content-type"], body)) {
      return sendError(req, res, 400, INVALID_CHARACTERS_MESSAGE);
    }
    if (rawLimit === undefined && !isJsonApi(req.path)) {
      // An empty POST with no type (curl -X POST) is an empty form: the route answers
      // it (its own 400, or 405 where it has no action) instead of formData() throwing.
      if (body.length === 0 && !req.headers["content-type"])
        req.headers["content-type"] = "application/x-www-form-urlencoded";
      const problem = await formProblem(req.headers["content-type"], body);
      if (problem) return sendError(req, res, problem.status, problem.message);
    }
    bodies.set(req, body);
    next();
  };
  function onEndEvent() {
    onEnd().catch(next);
  }
  // The client went away (or sent a malformed chunk): nobody to answer.
  const onError = () => cleanup();
  req.on("data", onData);
  req.on("end", onEndEvent);
  req.on("error", onError);
}

const UNSUPPORTED_TYPE_MESSAGE = "Tipo de contenido no admitido: envía el formulario desde la web";
const MALFORMED_FORM_MESSAGE = "El formulario enviado no es válido";

/**
 * Every other POST is a React Router action, which reads `request.formData()`: that
 * throws on any other content type or on a malformed multipart body, which would
 * surface as a 500. Such bodies are refused here with a 415 or 400 instead.
 */
export async function formProblem(
  contentType: string | undefined,
  body: Uint8Array,
): Promise<{ status: 400 | 415; message: string } | null> {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return null;
  if (type !== "multipart/form-data") return { status: 415, message: UNSUPPORTED_TYPE_MESSAGE };
  try {
    // Bounded: the body is at most MAX_BODY_BYTES.
    await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": contentType ?? "" } }).formData();
    return null;
  } catch {
    return { status: 400, message: MALFORMED_FORM_MESSAGE };
  }
}

function refuseTooLarge(req: Request, res: Response) {
  discardRest(req, res);
  sendError(req, res, 413, TOO_LARGE_MESSAGE);
}

/**
 * The rest of the body is read and dropped as it arrives, never kept. A client still
 * sending a while after the answer is cut off (closing at once would reset the
 * connection before many clients read the answer).
 */
function discardRest(req: Request, res: Response) {
  req.resume();
  const cutOff = () => {
    if (req.complete) return;
    const timer = setTimeout(() => req.socket.destroy(), DRAIN_GRACE_MS);
    timer.unref();
    req.once("end", () => clearTimeout(timer));
  };
  if (res.writableFinished) cutOff();
  else res.once("finish", cutOff);
}

/** Upload requests let through unread, with the response their stream belongs to. */
const uploads = new WeakMap<Request, { res: Response; taken: boolean }>();

/**
 * The image upload route (app/catalogue/image-upload-route.ts) is the one exception to reading
 * the body here: a multipart body up to MAX_UPLOAD_REQUEST_BYTES goes on unread, and
 * the route streams it to disk through `streamedBody`. A declared length over that
 * cap, or any other content type, is refused without reading anything.
 */
function passUpload(req: Request, res: Response, next: NextFunction) {
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > MAX_UPLOAD_REQUEST_BYTES) return refuseTooLarge(req, res);
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "multipart/form-data") {
    discardRest(req, res);
    return sendError(req, res, 415, UNSUPPORTED_TYPE_MESSAGE);
  }
  const state = { res, taken: false };
  uploads.set(req, state);
  // A route that answers without reading the body (unknown course, no permission).
  res.once("finish", () => {
    if (!state.taken) discardRest(req, res);
  });
  next();
}

/**
 * The body of an upload request as a stream the route reads at its own pace (the
 * socket is paused while nobody reads), counted as it arrives: past
 * MAX_UPLOAD_REQUEST_BYTES the stream fails with an "upload too large" error and the
 * rest is dropped. Cancelling it drops the rest too. Undefined for other requests.
 */
export function streamedBody(req: Request): ReadableStream<Uint8Array> | undefined {
  const state = uploads.get(req);
  if (!state || state.taken) return undefined;
  state.taken = true;
  let size = 0;
  let settled = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const detach = () => {
    settled = true;
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
  };
  const stop = () => {
    if (settled) return;
    detach();
    discardRest(req, state.res);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_UPLOAD_REQUEST_BYTES) {
      stop();
      controller.error(uploadTooLargeError());
      return;
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    detach();
    controller.close();
  };
  const onError = (err: Error) => {
    detach();
    controller.error(err);
  };
  state.res.once("finish", stop);
  // The client went away mid-upload: the route's read fails instead of waiting forever.
  state.res.once("close", () => {
    if (settled) return;
    detach();
    controller.error(new Error("upload aborted"));
  });
  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      req.on("data", onData);
      req.on("end", onEnd);
      req.on("error", onError);
      req.pause();
    },
    pull() {
      if (!settled) req.resume();
    },
    cancel() {
      stop();
    },
  });
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Whether a request body is free of NUL characters and invalid UTF-8, judged the way
 * the routes will read it: form fields after percent-decoding, JSON strings (keys
 * and values) after unescaping. Bodies that do not parse are left to the route,
 * which answers its own 400.
 */
export function hasValidCharacters(contentType: string | undefined, body: Uint8Array): boolean {
  if (body.length === 0) return true;
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    const decoded = percentDecodeForm(body);
    return !decoded.includes(0) && decodeUtf8(decoded) !== null;
  }
  // Multipart bodies read here are text fields only (the image upload is streamed, not read here).
  if (type === "multipart/form-data") return !body.includes(0) && decodeUtf8(body) !== null;
  // Anything else may still be read with request.json() (the APIs ignore the type).
  const text = decodeUtf8(body);
  if (text === null) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return !text.includes("\0");
  }
  return jsonIsClean(parsed);
}

/** Walks a parsed JSON value without recursion (a 64 KB body can nest thousands deep). */
function jsonIsClean(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (!isCleanText(value)) return false;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (!isCleanText(key)) return false;
        stack.push(item);
      }
    }
  }
  return true;
}

const hexValue = (byte: number): number => {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
};

/**
 * application/x-www-form-urlencoded decoding of a whole body, as URLSearchParams does
 * it ("+" is a space, "%XX" a byte, a stray "%" stays), without splitting the fields:
 * a NUL or an invalid UTF-8 sequence in any field shows in the whole.
 */
export function percentDecodeForm(body: Uint8Array): Uint8Array {
  const out = new Uint8Array(body.length);
  let n = 0;
  for (let i = 0; i < body.length; i += 1) {
    const byte = body[i];
    if (byte === 0x2b) {
      out[n++] = 0x20;
    } else if (byte === 0x25 && i + 2 < body.length && hexValue(body[i + 1]) >= 0 && hexValue(body[i + 2]) >= 0) {
      out[n++] = hexValue(body[i + 1]) * 16 + hexValue(body[i + 2]);
      i += 2;
    } else {
      out[n++] = byte;
    }
  }
  return out.subarray(0, n);
}
