import { existsSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const types: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/**
 * Serves the `.br`/`.gz` copies written by scripts/precompress.ts when the browser
 * accepts them (hashed names: cached for a year). Anything else falls through to
 * express.static and the on-the-fly compression.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  const exists = new Map<string, boolean>();
  const has = (file: string) => {
    let known = exists.get(file);
    if (known === undefined) exists.set(file, (known = existsSync(file)));
    return known;
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = types[path.extname(req.path)];
    const name = path.basename(req.path);
    if (!type || name !== req.path.slice(1) || name.startsWith(".")) return next();
    const accepted = String(req.headers["accept-encoding"] ?? "");
    for (const [encoding, ext] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      const file = path.join(assetsDir, name + ext);
      if (!new RegExp(`\\b${encoding}\\b`).test(accepted) || !has(file)) continue;
      res.set({
        "Content-Type": type,
        "Content-Encoding": encoding,
        Vary: "Accept-Encoding",
        "Cache-Control": "public, max-age=31536000, immutable",
      });
      res.sendFile(file, { cacheControl: false, dotfiles: "deny" }, (err) => {
        if (err && !res.headersSent) next();
      });
      return;
    }
    next();
  };
}
