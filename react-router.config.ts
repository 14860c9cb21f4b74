import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts/tests build side by side; `npm start` uses ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
