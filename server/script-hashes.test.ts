import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, policyWithHashes } from "./script-hashes.ts";

const sha = (s: string) => `sha256-${createHash("sha256").update(s, "utf8").digest("base64")}`;

describe("inline script hashes", () => {
  it("hashes each inline script's exact text, once, and skips external scripts and JSON-LD", () => {
    const html =
      `<script>a()</script><script type="module" async="">import "/x.js";\n</script>` +
      `<script src="/y.js"></script><script type="application/ld+json">{"a":"ñ"}</script><SCRIPT>a()</SCRIPT>` +
      `<script>window.x = "ñ";</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha('import "/x.js";\n'), sha('window.x = "ñ";')]);
    expect(inlineScriptHashes("<p>nada</p>")).toEqual([]);
  });

  it("replaces script-src (nonce and strict-dynamic gone) and keeps every other directive", () => {
    const policy = "default-src 'self';script-src 'self' 'nonce-abc' 'strict-dynamic';style-src 'self' 'unsafe-inline'";
    expect(policyWithHashes(policy, ["sha256-AAA", "sha256-BBB"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-AAA' 'sha256-BBB';style-src 'self' 'unsafe-inline'",
    );
    expect(policyWithHashes("default-src 'self'", [])).toBe("default-src 'self';script-src 'self'");
  });
});
