// The app imports "~/…" (a Vite alias): teach Node the same mapping before a
// script loads the app's modules.
import { registerHooks } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

let registered = false;

/** Resolves "~/…" to `<appDir>/app/…` (once per process: the first checkout given wins). */
export function registerAppAlias(appDir: string): void {
  if (registered) return;
  registered = true;
  const dir = path.join(appDir, "app");
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier.startsWith("~/"))
        return nextResolve(pathToFileURL(path.join(dir, specifier.slice(2))).href, context);
      return nextResolve(specifier, context);
    },
  });
}
