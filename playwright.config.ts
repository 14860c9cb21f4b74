import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./tests/helpers/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "an-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
// The server's stdout (its JSON log, a line per request): checked for secret paths after the run.
const serverLog = path.join(dataDir, "server.log");

/** The journeys of `npm test` (project "flows"). */
const JOURNEYS = /(accounts|bookings|checkout|deposits|waitlist|catalan-journey)\.spec\.ts$/u;

export default defineConfig({
  testDir: "tests/e2e",
  // One output folder per port so parallel runs do not trample each other.
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? "list" : "line",
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  // Three suites on one server, split so that `npm test` stays under 30 minutes on a two-core
  // machine: the journeys ("flows", part of `npm test`: an account, a purchase, a booking, a
  // deposit, the waiting list, a purchase and a booking in Catalan), then the page checks
  // ("pages": every page in Catalan, the catalogue, the assistant, the staff screens, the first
  // tap, the page cache, the screenshots, the withdrawal lifecycle) and the layout sweep of every
  // page at seven widths ("layout"), both in `npm run test:layout`. `.ci/run` runs all three.
  projects: [
    {
      name: "flows",
      testMatch: JOURNEYS,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "pages",
      testIgnore: [JOURNEYS, /layout-harness\.spec\.ts/u],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "layout",
      testMatch: /layout-harness\.spec\.ts/u,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  // Screenshot baselines are named by page and width only, whichever suite runs them.
  snapshotPathTemplate: "{testDir}/{testFileDir}/{testFileName}-snapshots/{arg}{-snapshotSuffix}{ext}",
  // The server's log must hold no secret path segment (tests/e2e/global-teardown.ts).
  globalTeardown: "./tests/e2e/global-teardown.ts",
  webServer: {
    // A fresh data directory: migrate and seed the catalogue (dated from today), then serve.
    command: `node scripts/seed.ts && node server.ts > ${JSON.stringify(serverLog)}`,
    // BUILD_DIR (optional) selects which build to serve.
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // A line per request, for the check of the log after the run.
      LOG_LEVEL: "info",
      // A seller, so the purchases in the specs are invoiced as on the live site.
      SELLER_LEGAL_NAME: "Alejandra Ruiz García",
      SELLER_NIF: "12345678Z",
      SELLER_ADDRESS: "Carrer Major 48",
      SELLER_POSTAL_CODE: "08750",
      SELLER_CITY: "Molins de Rei",
      SELLER_PROVINCE: "Barcelona",
    },
  },
});
