import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * `virtual:common-messages/<locale>`: the "common" slice of a language's catalogue (the
 * frame's words), for the one page no loader fed (app/i18n/fallback-messages.tsx). Only
 * that slice goes into its chunk, not the whole catalogue.
 */
function commonMessages(): Plugin {
  const prefix = "virtual:common-messages/";
  return {
    name: "common-messages",
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const locale = id.slice(prefix.length + 1);
      if (!/^[a-z]{2}$/u.test(locale)) throw new Error(`common-messages: unknown locale ${locale}`);
      const file = fileURLToPath(new URL(`./app/i18n/messages/${locale}.json`, import.meta.url));
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
      const common = Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith("common.")));
      return `export default ${JSON.stringify(common)};`;
    },
  };
}

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server bundle's entry is our Express app (server/main.ts), which imports the React Router build.
    ssr: { build: { rollupOptions: { input: "./server/main.ts" } } },
    client: {
      build: {
        rollupOptions: {
          output: {
            // Every page modulepreloads its chunks; a dozen tiny ones cost a round trip each on
            // a phone (measured: Lighthouse mobile LCP 2.8 s → 2.4 s). Group the framework and the modules
            // every page's layout uses; route modules and the lazy chat widget stay separate.
            // Only the shop's pure modules join the layout group: a group takes its modules'
            // dependencies along, and the staff's form rules (zod) must not ride on every page.
            codeSplitting: {
              groups: [
                // React and React Router in two chunks: the page evaluates them in two tasks (server/defer-hydration.ts).
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: "router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
                {
                  // The catalogue's card, JSON-LD and image helpers and the other small modules shared by
                  // public routes join too: each was a chunk of 0.1–2 KB, one more request before first paint.
                  name: "layout",
                  test: /app[\\/](root\.tsx|content[\\/]|lib[\\/](seo|revalidate)\.ts|domain[\\/](cart|course|course-image|pricing|payment-methods|purchase-status|access-window|enrollment-stage|calendar-dates|checkout-lines|withdrawal)\.ts|components[\\/](layout|cart|home)[\\/]|components[\\/]catalogue[\\/](course-card|course-jsonld|course-bits|edition-choices)\.tsx?$|components[\\/](picture|image-modal|whatsapp-float|postal-address)\.tsx)/,
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [commonMessages(), reactRouter()],
});
