// The layout harness: every page (public signed out and signed in, the account
// pages, the staff area) at every width from a small phone to a wide desktop,
// checked for horizontal scroll, elements past the viewport or their container,
// clipped or ellipsed text, fixed elements over a focused control, and a header
// that wraps (layout-check.ts). A failure names the page, the width and the
// offending element. Each page is loaded once per session state and resized
// through the widths, so the whole sweep stays about a minute.
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { insertSession } from "~/auth/session.server.ts";
import { createDb } from "~/db/db.server.ts";
import { notFoundPages, publicPages, signedInPages, staffPages } from "../../scripts/public-pages.ts";
import { layoutProblemsAt } from "./layout-check.ts";

export const WIDTHS = [360, 390, 768, 1024, 1280, 1440, 1920] as const;
/** From here up the header is the desktop bar; every width must keep it on one line. */
const DESKTOP = 1024;
const run = Date.now().toString(36);

/** A customer registered through the real form, with a long name (the header's hardest case): her session cookie. */
async function registerCustomer(request: APIRequestContext, baseURL: string, email: string): Promise<string> {
  const res = await request.post("/registro", {
    maxRedirects: 0,
    headers: { origin: baseURL },
    form: {
      firstName: "María Lucía",
      lastName: "Fernández de la Prieta Villanueva",
      email,
      phone: "600 000 000",
      password: "una-clave-larga-1",
      confirmPassword: "una-clave-larga-1",
      acceptTerms: "on",
    },
  });
  const cookie = res.headers()["set-cookie"]?.split("\n").find((c) => c.startsWith("an_session="));
  expect(res.status(), "registro de la cuenta de prueba").toBe(302);
  expect(cookie).toBeTruthy();
  return cookie!.split(";")[0].slice("an_session=".length);
}

/**
 * An owner session opened with the second factor, as after activation: a registered
 * account promoted in the e2e server's database (the staff sign-in itself is walked
 * in staff.spec.ts). Also the staff path of one seeded edition.
 */
async function ownerSession(request: APIRequestContext, baseURL: string): Promise<{ token: string; edition: string }> {
  const email = `layout-owner-${run}@example.com`;
  await registerCustomer(request, baseURL, email);
  const db = createDb(`file:${path.join(process.env.E2E_DATA_DIR ?? "", "salon.db")}`);
  try {
    const user = await db.updateTable("users").set({ role: "owner" }).where("email", "=", email).returning("id").executeTakeFirstOrThrow();
    const token = await insertSession(db, user.id, new Date(), { secondFactor: true });
    const edition = await db.selectFrom("course_editions").select(["id", "course_id"]).orderBy("starts_on").executeTakeFirstOrThrow();
    return { token, edition: `${edition.course_id}|${edition.id}` };
  } finally {
    await db.destroy();
  }
}

async function signInAs(page: Page, baseURL: string, token: string) {
  await page.context().addCookies([{ name: "an_session", value: token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** Loads the page once and checks it at every width; fails listing each problem with its width. */
async function checkEveryWidth(page: Page, url: string, expectedStatus = 200) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: WIDTHS[WIDTHS.length - 1], height: 900 });
  const response = await page.goto(url);
  expect(response?.status(), `HTTP de ${url}`).toBe(expectedStatus);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
  const found: string[] = [];
  for (const width of WIDTHS) {
    const problems = await layoutProblemsAt(page, width, { headerOneLine: width >= DESKTOP });
    for (const p of problems) found.push(`${url} a ${width} px: ${p.kind} — ${p.element} — ${p.detail}`);
  }
  expect.soft(found, `problemas de maquetación en ${url}`).toEqual([]);
}

test.describe("maquetación sin sesión", () => {
  for (const url of [...publicPages, ...notFoundPages]) {
    test(url, async ({ page }) => {
      await checkEveryWidth(page, url, notFoundPages.includes(url) ? 404 : 200);
    });
  }
});

test.describe("maquetación con sesión de clienta", () => {
  let token = "";
  test.beforeAll(async ({ request, baseURL }) => {
    token = await registerCustomer(request, baseURL!, `layout-clienta-${run}@example.com`);
  });
  for (const url of publicPages) {
    test(url, async ({ page, baseURL }) => {
      await signInAs(page, baseURL!, token);
      await checkEveryWidth(page, url);
    });
  }
  for (const [url, status] of signedInPages) {
    test(`${url} (cuenta)`, async ({ page, baseURL }) => {
      await signInAs(page, baseURL!, token);
      await checkEveryWidth(page, url, status);
    });
  }
});

test.describe("maquetación del área de gestión", () => {
  let owner = { token: "", edition: "" };
  test.beforeAll(async ({ request, baseURL }) => {
    owner = await ownerSession(request, baseURL!);
  });
  // The list of screens needs a seeded edition's id: built once the session exists.
  test("cada pantalla de gestión", async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    await signInAs(page, baseURL!, owner.token);
    for (const [url, status] of staffPages(owner.edition)) {
      await test.step(url, () => checkEveryWidth(page, url, status));
    }
  });
});
