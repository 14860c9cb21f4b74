// The layout harness: every page (public signed out and signed in, the account
// pages, the staff area) at every width from a small phone to a wide desktop,
// checked for horizontal scroll, elements past the viewport or their container,
// clipped or ellipsed text, fixed elements over a focused control, and a header
// that wraps (layout-check.ts). A failure names the page, the width and the
// offending element. Each page is loaded once per session state and resized
// through the widths, so the whole sweep stays about a minute. The pages are
// checked after hydration, and also as a buyer fills them: a cart and checkout
// with three courses on their longest edition option, the account with a paid
// order, a course page, the booking's time step ("con datos reales").
import { expect, test, type Page } from "@playwright/test";
import { ownerSession, registerCustomer } from "../../scripts/lib/page-sessions.ts";
import {
  bookAppointment,
  bookingDetailsPage,
  bookingTimeStep,
  buyCourse,
  notFoundPages,
  publicPages,
  signedInPages,
  staffPages,
} from "../../scripts/public-pages.ts";
import { editionDatesText } from "../../app/domain/edition-dates.ts";
import type { PlannedEdition } from "../../app/db/seed-courses.server.ts";
import { layoutProblemsAt } from "./layout-check.ts";
import { seededEditions } from "./seeded.ts";

const WIDTHS = [360, 390, 768, 1024, 1280, 1440, 1920] as const;
/** From here up the header is the desktop bar; every width must keep it on one line. */
const DESKTOP = 1024;
const run = Date.now().toString(36);

async function signInAs(page: Page, baseURL: string, token: string) {
  await page
    .context()
    .addCookies([{ name: "an_session", value: token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/**
 * Loads the page once and checks it at every width; fails listing each problem with its width.
 * `ready` waits for what the page shows only once hydrated (the stored cart's lines).
 */
async function checkEveryWidth(page: Page, url: string, expectedStatus = 200, ready?: () => Promise<void>) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: WIDTHS[WIDTHS.length - 1], height: 900 });
  const response = await page.goto(url);
  expect(response?.status(), `HTTP de ${url}`).toBe(expectedStatus);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
  await ready?.();
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
  test("/reservar: tus datos", async ({ page, baseURL }) => {
    await checkEveryWidth(page, await bookingDetailsPage(baseURL!));
  });
});

test.describe("maquetación con sesión de clienta", () => {
  let token = "";
  test.beforeAll(async ({ baseURL }) => {
    // A long name: the header's hardest case.
    token = await registerCustomer(baseURL!, `layout-clienta-${run}@example.com`, {
      first: "María Lucía",
      last: "Fernández de la Prieta Villanueva",
    });
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
  test("/reservar: tus datos (cuenta)", async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, token);
    await checkEveryWidth(page, await bookingDetailsPage(baseURL!, `an_session=${token}`));
  });
  test("Mis citas con una cita (cuenta)", async ({ page, baseURL }) => {
    const cookie = `an_session=${token}`;
    const booked = await bookAppointment(baseURL!, await bookingDetailsPage(baseURL!, cookie), cookie);
    await signInAs(page, baseURL!, token);
    for (const url of [booked.landing, `/perfil/citas/${booked.id}`, `/perfil/citas/${booked.id}?cambiar=1`]) {
      await test.step(url, () => checkEveryWidth(page, url));
    }
  });
});

test.describe("maquetación del área de gestión", () => {
  let owner = { token: "", edition: "" };
  test.beforeAll(async ({ baseURL }) => {
    owner = await ownerSession(baseURL!, process.env.E2E_DATA_DIR ?? "", `layout-owner-${run}@example.com`);
  });
  // The list of screens needs a seeded edition's id: built once the session exists.
  test("cada pantalla de gestión", async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    await signInAs(page, baseURL!, owner.token);
    for (const [url, status] of staffPages(owner.edition)) {
      await test.step(url, () => checkEveryWidth(page, url, status));
    }
  });
  test("la agenda con una cita", async ({ page, baseURL }) => {
    const details = await bookingDetailsPage(baseURL!);
    const held = await bookAppointment(baseURL!, details);
    const day = new URL(details, baseURL).searchParams.get("dia") ?? "";
    await signInAs(page, baseURL!, owner.token);
    for (const url of [
      `/gestion/agenda?dia=${day}`,
      `/gestion/agenda/${held.id}`,
      `/gestion/agenda/${held.id}?mover=1`,
    ]) {
      await test.step(url, () => checkEveryWidth(page, url));
    }
  });
});

/** The courses the checks with data put in the cart (iniciacion-acrilico is the one bought). */
const CART_COURSES = ["formacion-inicio", "tecnico-manicurista", "expert-nails"] as const;

/**
 * Fills the cart as a buyer without JavaScript's button does (the "?add=…&edition=…" link
 * of the course page's choice, one course at a time), each with the edition whose dates and
 * schedule are the longest: the widest content the cart and the checkout must hold.
 */
async function fillCart(page: Page) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const [i, id] of CART_COURSES.entries()) {
    const shown = (e: PlannedEdition) => `${editionDatesText(e.starts_on, e.ends_on)}${e.schedule}`.length;
    const longest = seededEditions(id).reduce((a, b) => (shown(b) > shown(a) ? b : a));
    await page.goto(`/carrito?add=${id}&edition=${longest.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      new RegExp(`^Mi carrito \\(${i + 1} cursos?\\)$`, "i"),
    );
  }
  await expect(page.getByRole("link", { name: /^Cambiar fecha de / })).toHaveCount(CART_COURSES.length);
}

/** Waits for the stored cart's lines (the cart renders them only once hydrated). */
const cartLines = (page: Page) => () => expect(page.locator(".cart-item")).toHaveCount(CART_COURSES.length);

test.describe("maquetación con datos reales", () => {
  test("/carrito con tres cursos y su convocatoria más larga", async ({ page }) => {
    await fillCart(page);
    await checkEveryWidth(page, "/carrito", 200, cartLines(page));
    // A course page while the course is in the cart, and the booking's time step with its free times.
    await test.step("/formaciones/expert-nails", () => checkEveryWidth(page, "/formaciones/expert-nails"));
    await test.step(bookingTimeStep(), () => checkEveryWidth(page, bookingTimeStep()));
  });

  test.describe("con sesión de clienta y una compra pagada", () => {
    let token = "";
    let orderId = "";
    test.beforeAll(async ({ baseURL }) => {
      token = await registerCustomer(baseURL!, `layout-compradora-${run}@example.com`, {
        first: "María Lucía",
        last: "Fernández de la Prieta Villanueva",
      });
      // A seeded edition by id: the lifecycle journey fills a one-seat edition of this course that starts sooner.
      const edition = seededEditions("iniciacion-acrilico")[0]!.id;
      orderId = await buyCourse(baseURL!, `an_session=${token}`, "iniciacion-acrilico", edition);
    });

    test("/carrito y /checkout con tres cursos (cuenta)", async ({ page, baseURL }) => {
      await signInAs(page, baseURL!, token);
      await fillCart(page);
      await checkEveryWidth(page, "/carrito", 200, cartLines(page));
      const checkout = await page.getByRole("link", { name: /^Proceder al pago$/i }).getAttribute("href");
      expect(checkout).toMatch(/^\/checkout\?cursos=/);
      await test.step(checkout!, () => checkEveryWidth(page, checkout!));
    });

    test("la cuenta con la compra (cuenta)", async ({ page, baseURL }) => {
      await signInAs(page, baseURL!, token);
      for (const url of [
        "/perfil",
        "/perfil/compras",
        "/perfil/cursos",
        "/mis-cursos",
        `/perfil/compras/${orderId}/desistir`,
        "/formaciones/iniciacion-acrilico",
        bookingTimeStep(),
      ]) {
        await test.step(url, () => checkEveryWidth(page, url));
      }
    });

    test("el compte amb la compra, en català (cuenta)", async ({ page, baseURL }) => {
      await signInAs(page, baseURL!, token);
      // Catalan words run longer: the same pages at their Catalan addresses.
      for (const url of [
        "/ca/perfil/dades",
        "/ca/perfil/compres",
        "/ca/perfil/cursos",
        "/ca/perfil/configuracio",
        "/ca/els-meus-cursos",
        `/ca/perfil/compres/${orderId}/desistiment`,
      ]) {
        await test.step(url, () => checkEveryWidth(page, url));
      }
    });
  });
});
