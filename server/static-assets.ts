import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

const types: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/** The regular files directly in `dir` (none when it does not exist). */
function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

/** Preferred first; each with the Accept-Encoding token that allows it. */
const ENCODINGS = [
  ["br", ".br", /\bbr\b/],
  ["gzip", ".gz", /\bgzip\b/],
] as const;

export type PrecompressedAssetsHandler = RequestHandler & {
  /** The `.br`/`.gz` files known at start: fixed, whatever is requested afterwards. */
  readonly precompressed: ReadonlySet<string>;
};

/**
 * Serves the `.br`/`.gz` copies written by scripts/precompress.ts when the browser
 * accepts them (hashed names: cached for a year). Anything else falls through to
 * express.static and the on-the-fly compression. The build is immutable, so the
 * copies are listed once at start: requests never add to any table.
 */
export function precompressedAssets(assetsDir: string): PrecompressedAssetsHandler {
  const precompressed: ReadonlySet<string> = new Set(
    listFiles(assetsDir).filter((name) => name.endsWith(".br") || name.endsWith(".gz")),
  );
  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = types[path.extname(req.path)];
    const name = path.basename(req.path);
    if (!type || name !== req.path.slice(1) || name.startsWith(".")) return next();
    const accepted = String(req.headers["accept-encoding"] ?? "");
    for (const [encoding, ext, accepts] of ENCODINGS) {
      if (!accepts.test(accepted) || !precompressed.has(name + ext)) continue;
      const file = path.join(assetsDir, name + ext);
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
  return Object.assign(handler, { precompressed });
}

/**
 * Course images and the salon's photos uploaded from the back office (DATA_DIR/img,
 * mounted at /img/uploads): content-hashed names, so cached for a year like the build's
 * images. Only rendition files are served (no listing, no dot files such as the
 * upload's temporary folder); anything else falls through to the 404.
 */
export function uploadedImages(dir: string): RequestHandler {
  const serve = express.static(dir, {
    immutable: true,
    maxAge: "1y",
    index: false,
    dotfiles: "ignore",
    fallthrough: true,
  });
  return (req, res, next) => {
    if (!/^\/(?:course|photo)-[0-9a-f]{16}-\d{3,4}\.(?:avif|webp|jpg)$/.test(req.path)) return next();
    serve(req, res, next);
  };
}
