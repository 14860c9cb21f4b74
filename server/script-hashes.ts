import { createHash } from "node:crypto";

/**
 * A page the cache shares between visitors cannot carry a per-response nonce, so
 * its inline scripts (React Router's hydration context and route data, scroll
 * restoration) are allowed by their SHA-256 hashes instead. JSON-LD blocks are
 * data, never executed: they need no hash.
 */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs)) continue;
    if (/\btype\s*=\s*["']?application\/ld\+json/i.test(attrs)) continue;
    hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/**
 * The response's CSP with `script-src` allowing the site's own files and exactly
 * these inline scripts ('unsafe-inline' never). 'strict-dynamic' is dropped with
 * the nonce: under it the page's modulepreload links, which carry no nonce, would
 * be refused, and 'self' already covers every script the page loads.
 */
export function policyWithHashes(policy: string, hashes: readonly string[]): string {
  const scriptSrc = ["script-src", "'self'", ...hashes.map((h) => `'${h}'`)].join(" ");
  const directives = policy
    .split(";")
    .map((d) => d.trim())
    .filter(Boolean);
  const at = directives.findIndex((d) => /^script-src\s/i.test(d) || d === "script-src");
  if (at === -1) directives.push(scriptSrc);
  else directives[at] = scriptSrc;
  return directives.join(";");
}
