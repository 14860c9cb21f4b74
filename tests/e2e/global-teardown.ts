// After the whole e2e run: the server's log (playwright.config.ts sends its
// stdout to DATA_DIR/server.log, at level info: one line per request) must not
// hold a secret path segment (issue 31, item 2). Two checks: the rule itself
// (app/secret-paths.ts: every segment in a secret's place is "[redacted]"),
// and, whatever the rule says, no path segment shaped like a token (newToken:
// 32 random bytes, 43 characters of base64url).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { secretPathLeaks } from "../../app/secret-paths.ts";

const TOKEN_SEGMENT = /\/[A-Za-z0-9_-]{43}(?=\.data|[/?#"\s]|$)/gm;

export default function checkServerLog(): void {
  const file = path.join(process.env.E2E_DATA_DIR ?? "", "server.log");
  if (!existsSync(file)) throw new Error(`No server log at ${file}: see webServer in playwright.config.ts`);
  const log = readFileSync(file, "utf8");
  if (!log.includes('"msg":"request completed"')) {
    throw new Error(`${file} holds no request line: the e2e server must log at level info`);
  }
  const leaks = [...secretPathLeaks(log), ...[...log.matchAll(TOKEN_SEGMENT)].map((m) => m[0])];
  if (leaks.length > 0) {
    const lines = log.split("\n").filter((line) => leaks.some((leak) => line.includes(leak)));
    throw new Error(
      `The e2e server logged ${leaks.length} secret path segments (${file}):\n${lines.slice(0, 5).join("\n")}`,
    );
  }
  const redacted = log.split("[redacted]").length - 1;
  console.log(`server log: no secret path segment (${redacted} redacted)`);
}
