import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: { assetsInlineLimit: 0 },
  // The server bundle's entry is our Express app (server/main.ts), which imports the React Router build.
  environments: { ssr: { build: { rollupOptions: { input: "./server/main.ts" } } } },
  plugins: [reactRouter()],
});
