import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../app/lib/logger.server.ts";

/** Paths that read their body as JSON themselves; every other POST is a form action. */
export function isJsonApi(path: string): boolean {
  return path.startsWith("/api/") || path.startsWith("/chatbot/");
}

/** True when the text holds no NUL (PostgreSQL cannot store it: error 22021) and no lone UTF-16 surrogate. */
export function isCleanText(text: string): boolean {
  return !text.includes("\0") && text.isWellFormed();
}

const wantsJson = (req: Request) => isJsonApi(req.path) || !!req.headers.accept?.includes("application/json");

/** A small self-contained Spanish page for errors raised before React renders. */
export function sendError(req: Request, res: Response, status: number, message: string) {
  if (res.headersSent) return;
  res.status(status);
  if (wantsJson(req)) {
    res.json({ message });
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Error ${status} · Alejandra Nails</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#2A1E24"><h1 style="color:#5B1F3E">${message}</h1><p><a href="/" style="color:#5B1F3E">Volver al inicio</a></p></body></html>`,
    );
}

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);
const MAX_URL_LENGTH = 4096;
const INVALID_ADDRESS_MESSAGE = "La dirección no es válida";

/** Rejects what the app never serves: other methods, overlong or malformed URLs. */
export function requestGuard(req: Request, res: Response, next: NextFunction) {
  if (!ALLOWED_METHODS.has(req.method)) {
    res.setHeader("Allow", "GET, HEAD, POST");
    return sendError(req, res, 405, "Método no permitido");
  }
  // Only origin-form targets ("/path?query"): absolute-form ("http://host/x") and
  // asterisk-form ("*") are for proxies and OPTIONS, neither of which this site is.
  if (!req.originalUrl.startsWith("/")) {
    return sendError(req, res, 400, INVALID_ADDRESS_MESSAGE);
  }
  if (req.originalUrl.length > MAX_URL_LENGTH) {
    return sendError(req, res, 414, "La dirección es demasiado larga");
  }
  // Path and query as routes read them: no invalid UTF-8, no NUL, no lone surrogate.
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.originalUrl);
  } catch {
    return sendError(req, res, 400, INVALID_ADDRESS_MESSAGE);
  }
  if (!isCleanText(decoded)) return sendError(req, res, 400, INVALID_ADDRESS_MESSAGE);
  next();
}

export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const e = err as { status?: number; statusCode?: number; type?: string };
    const status = e.status ?? e.statusCode ?? 500;
    if (e.type === "entity.parse.failed") return sendError(req, res, 400, "El cuerpo de la petición no es JSON válido");
    if (e.type === "entity.too.large") return sendError(req, res, 413, "La petición es demasiado grande");
    if (status >= 400 && status < 500) return sendError(req, res, status, "La petición no es válida");
    logger.error({ err }, "unhandled error");
    sendError(req, res, 500, "Algo ha fallado. Inténtalo de nuevo en unos minutos.");
  };
}
