// Launcher. Production runs the server bundle built by Vite (server/main.ts plus
// every route); `--dev` loads the same code through Vite with hot reload.
import { existsSync } from "node:fs";
import type * as Main from "./server/main.ts";

const dev = process.argv.includes("--dev");

if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const mod = (await vite.ssrLoadModule("./server/main.ts")) as typeof Main;
  await mod.main({ vite });
} else {
  const buildDir = process.env.BUILD_DIR ?? "build";
  const bundle = new URL(`./${buildDir}/server/index.js`, import.meta.url);
  if (!existsSync(bundle)) {
    console.error('No hay compilación de producción: ejecuta "npm run build" antes de "npm start" (o usa "npm run dev").');
    process.exit(1);
  }
  const mod = (await import(bundle.href)) as typeof Main;
  // One process per core (WEB_CONCURRENCY): see server/cluster.ts.
  await mod.start({ clientDir: new URL(`./${buildDir}/client`, import.meta.url).pathname });
}
