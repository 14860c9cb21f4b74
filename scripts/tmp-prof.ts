import autocannon from "autocannon";
import { registerAccount, signIn } from "./lib/accounts.ts";
import { parseCli } from "./lib/cli.ts";
import { createClient, fakeAddress } from "./lib/http.ts";
import { createTarget, seedTarget, ServerLog, startApp } from "./lib/server.ts";

const { appDir, flags } = parseCli(0);
const target = await createTarget("sqlite", "", { label: "prof", keep: false });
seedTarget(appDir, target);
const log = new ServerLog();
const prof = flags.has("prof");
const app = await startApp({
  appDir,
  target,
  log,
  echo: false,
  env: {
    LOG_LEVEL: "warn",
    WEB_CONCURRENCY: flags.get("wc") ?? "1",
    ...(prof ? { NODE_OPTIONS: "--cpu-prof --cpu-prof-dir=/tmp/prof" } : {}),
  },
});
const client = createClient(app.port, { connections: 4 });
const account = await registerAccount(client, app.origin, `prof-${Date.now().toString(36)}@example.com`, fakeAddress(1));
const login = await signIn(client, app.origin, account);
const cookie = login.cookie ?? account.cookie;
const path = flags.get("path") ?? "/perfil/datos";
for (const conns of [1, Number(flags.get("c") ?? 50)]) {
  const r = await autocannon({
    url: `${app.origin}${path}`,
    connections: conns,
    duration: Number(flags.get("d") ?? 8),
    headers: { cookie, "accept-encoding": "br" },
  });
  console.log(`${path} c=${conns}: ${r.requests.average} req/s p50 ${r.latency.p50} p99 ${r.latency.p99} non2xx ${r.non2xx}`);
}
await app.stop();
