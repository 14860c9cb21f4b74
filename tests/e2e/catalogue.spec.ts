import type { Page } from "@playwright/test";
import { editionDatesText } from "../../app/domain/edition-dates.ts";
import { formatMonthYear, formatWeekdayDate } from "../../app/domain/pricing.ts";
import { expect, nextFrames, recordLayoutShifts, test } from "./fixtures.ts";
import { seededEditions } from "./seeded.ts";

const CART_KEY = "alejandra-nails-cart";

const courses = [
  {
    id: "formacion-inicio",
    title: "Formación de inicio",
    category: "iniciacion",
    price: "280,00 €",
    financing: 94,
    size: 15,
    popular: true,
  },
  {
    id: "tecnico-manicurista",
    title: "Técnico Manicurista",
    category: "profesional",
    price: "650,00 €",
    financing: 217,
    size: 12,
    popular: false,
  },
  {
    id: "expert-nails",
    title: "Expert Nails",
    category: "experto",
    price: "999,00 €",
    financing: 333,
    size: 8,
    popular: false,
  },
  {
    id: "iniciacion-acrilico",
    title: "Iniciación Acrílico Intensivo",
    category: "intensivo",
    price: "329,00 €",
    financing: 110,
    size: 6,
    popular: true,
  },
] as const;

const filters = [
  { name: "Nivel iniciación", category: "iniciacion" },
  { name: "Nivel profesional", category: "profesional" },
  { name: "Nivel experto", category: "experto" },
  { name: "Intensivos", category: "intensivo" },
] as const;

const card = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

async function storedCart(
  page: Page,
): Promise<{ id: string; priceCents: number; quantity: number; editionId: string | null }[]> {
  return page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? "null"), CART_KEY);
}

async function setStoredCart(page: Page, value: string) {
  await page.evaluate(([key, v]) => window.localStorage.setItem(key, v), [CART_KEY, value] as const);
}

test("/formaciones shows the four courses with every field of the spec", async ({ page }) => {
  await page.goto("/formaciones");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formaciones de uñas");
  // The years are the founder's, the one figure the home page and /equipo show too.
  for (const stat of ["500+", "10+"]) await expect(page.locator(".courses-stats")).toContainText(stat);
  // No review exists: no course rating, stars or review count anywhere on the page.
  await expect(page.locator("main")).not.toContainText(/Valoración|reseñas|★/);
  await expect(page.getByRole("article")).toHaveCount(4);
  await expect(page.getByText("Recomendado", { exact: true })).toHaveCount(2);

  for (const course of courses) {
    const c = card(page, course.title);
    await expect(c).toContainText(course.price);
    await expect(c).toContainText(`financia desde ${course.financing},00 €/mes sin intereses`);
    await expect(c).toContainText(`Máx. ${course.size} alumnos`);
    const next = seededEditions(course.id)[0];
    await expect(c).toContainText(`Próxima convocatoria: ${formatMonthYear(next.starts_on)}`);
    await expect(c.locator("del")).toHaveCount(1);
    await expect(c.locator(".course-features li")).toHaveCount(3);
    await expect(c.getByText("Recomendado")).toHaveCount(course.popular ? 1 : 0);
    await expect(c.getByRole("button", { name: /^AÑADIR AL CARRITO/ })).toBeVisible();
    // "Más información" opens the course's page (issue 31: it used to open WhatsApp).
    const moreInfo = c.getByRole("link", { name: `Más información sobre ${course.title}` });
    await expect(moreInfo).toHaveAttribute("href", `/formaciones/${course.id}`);
    await expect(moreInfo).not.toHaveAttribute("target", "_blank");
    await expect(c.getByRole("link", { name: course.title, exact: true })).toHaveAttribute(
      "href",
      `/formaciones/${course.id}`,
    );
  }

  await expect(page.getByRole("heading", { name: "Certificado de la academia" })).toBeVisible();
  // The group sizes the seeded courses have (15, 12, 8 and 6 seats), not a figure of its own.
  await expect(page.getByRole("heading", { name: "Grupos de 6 a 15 alumnos" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Materiales incluidos" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver contacto" })).toHaveAttribute("href", "/contacto");

  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const list = jsonLd.map((t) => JSON.parse(t)).find((d) => d["@type"] === "ItemList");
  expect(list.itemListElement).toHaveLength(4);
  expect(list.itemListElement[0].item).toMatchObject({ "@type": "Course", name: "Formación de inicio" });
  expect(list.itemListElement[0].item.offers).toMatchObject({
    "@type": "Offer",
    price: "280.00",
    priceCurrency: "EUR",
  });

  // The card image opens the image viewer.
  await card(page, "Expert Nails")
    .getByRole("button", { name: /Ampliar imagen/ })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cerrar imagen" }).click();
  await expect(dialog).toBeHidden();
});

test("each filter shows only its category (with JavaScript)", async ({ page }) => {
  await page.goto("/formaciones");
  const nav = page.getByRole("navigation", { name: "Filtrar cursos por nivel" });
  await expect(nav.getByRole("link", { name: "Todos los cursos" })).toHaveAttribute("aria-current", "true");
  for (const filter of filters) {
    await nav.getByRole("link", { name: filter.name }).click();
    await expect(page).toHaveURL(`/formaciones?categoria=${filter.category}`);
    const expected = courses.filter((c) => c.category === filter.category).map((c) => c.title);
    await expect(page.getByRole("article")).toHaveCount(expected.length);
    for (const title of expected) await expect(card(page, title)).toBeVisible();
    await expect(nav.getByRole("link", { name: filter.name })).toHaveAttribute("aria-current", "true");
    await expect(nav.getByRole("link", { name: "Todos los cursos" })).not.toHaveAttribute("aria-current", /.*/);
  }
  await nav.getByRole("link", { name: "Todos los cursos" }).click();
  await expect(page).toHaveURL("/formaciones");
  await expect(page.getByRole("article")).toHaveCount(4);
});

test("each filter shows only its category (without JavaScript)", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/formaciones");
  await expect(page.getByRole("article")).toHaveCount(4);
  const nav = page.getByRole("navigation", { name: "Filtrar cursos por nivel" });
  for (const filter of filters) {
    await nav.getByRole("link", { name: filter.name }).click();
    await expect(page).toHaveURL(`/formaciones?categoria=${filter.category}`);
    const expected = courses.filter((c) => c.category === filter.category).map((c) => c.title);
    await expect(page.getByRole("article")).toHaveCount(expected.length);
    for (const title of expected) await expect(card(page, title)).toBeVisible();
  }
  // Without JavaScript "AÑADIR AL CARRITO" is a plain GET form to the cart page.
  await page.goto("/formaciones");
  await card(page, "Expert Nails")
    .getByRole("button", { name: /^AÑADIR AL CARRITO/ })
    .click();
  await expect(page).toHaveURL("/carrito?add=expert-nails");
  await context.close();
});

test("adding to the cart, adding again, two courses, remove and empty, all persisted", async ({ page }) => {
  await page.goto("/formaciones");
  await card(page, "Formación de inicio")
    .getByRole("button", { name: /^AÑADIR AL CARRITO/ })
    .click();
  await expect(page).toHaveURL("/carrito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi carrito (1 curso)");
  expect(await storedCart(page)).toEqual([
    expect.objectContaining({ id: "formacion-inicio", priceCents: 28000, quantity: 1 }),
  ]);
  await expect(page.getByRole("banner").getByRole("link", { name: "Carrito, 1 curso" })).toBeVisible();

  // Adding it again changes nothing; the card now links to the cart.
  await page.goto("/formaciones");
  const inicio = card(page, "Formación de inicio");
  await expect(inicio.getByRole("link", { name: /^VER EN CARRITO/ })).toHaveAttribute("href", "/carrito");
  await expect(inicio.getByRole("button", { name: /^AÑADIR AL CARRITO/ })).toHaveCount(0);
  await page.goto("/carrito?add=formacion-inicio");
  await expect(page).toHaveURL("/carrito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi carrito (1 curso)");
  expect(await storedCart(page)).toHaveLength(1);

  // A second course.
  await page.goto("/formaciones");
  await card(page, "Expert Nails")
    .getByRole("button", { name: /^AÑADIR AL CARRITO/ })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi carrito (2 cursos)");
  const summary = page.getByRole("complementary", { name: "Resumen del pedido" });
  await expect(summary).toContainText("Subtotal1.279,00 €");
  await expect(summary).toContainText("Descuentos0,00 €");
  await expect(summary).toContainText("Total1.279,00 €");
  await expect(page.getByRole("banner").getByRole("link", { name: "Carrito, 2 cursos" })).toBeVisible();
  const list = page.getByRole("list", { name: "Cursos en tu carrito" });
  await expect(list.getByRole("listitem").filter({ hasText: "Expert Nails" })).toContainText("999,00 €");
  await expect(list.getByRole("listitem").filter({ hasText: "Expert Nails" })).toContainText("1.250,00 €");
  await expect(list.getByRole("listitem").filter({ hasText: "Expert Nails" })).toContainText("Máx. 8 alumnos");

  // Remove one; it stays removed after a reload.
  await page.getByRole("button", { name: "Eliminar Formación de inicio" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi carrito (1 curso)");
  await expect(summary).toContainText("Total999,00 €");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi carrito (1 curso)");
  expect((await storedCart(page)).map((i) => i.id)).toEqual(["expert-nails"]);

  // Empty it; still empty after a reload, and the badge is gone.
  await page.getByRole("button", { name: "Vaciar carrito" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu carrito está vacío");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu carrito está vacío");
  await expect(page.getByRole("link", { name: "Ver formaciones" })).toHaveAttribute("href", "/formaciones");
  await expect(page.getByRole("banner").getByRole("link", { name: "Carrito", exact: true })).toBeVisible();
  expect(await storedCart(page)).toEqual([]);
});

test("a stored cart with a tampered price shows the catalogue price and a notice", async ({ page }) => {
  await page.goto("/");
  await setStoredCart(
    page,
    JSON.stringify([{ id: "expert-nails", title: "Expert Nails gratis", priceCents: 100, price: 1, quantity: 7 }]),
  );
  await page.goto("/carrito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi carrito (1 curso)");
  await expect(page.getByRole("complementary", { name: "Resumen del pedido" })).toContainText("Total999,00 €");
  await expect(page.getByText("1,00 €")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Hemos actualizado tu carrito" })).toBeVisible();
  await expect
    .poll(() => storedCart(page))
    .toEqual([expect.objectContaining({ id: "expert-nails", priceCents: 99900, quantity: 1, title: "Expert Nails" })]);
  await page.getByRole("button", { name: "Entendido" }).click();
  await expect(page.getByText("Hemos actualizado tu carrito")).toHaveCount(0);
});

test("a stored cart with garbage or an unknown course renders normally", async ({ page }) => {
  await page.goto("/");
  await setStoredCart(page, "{{{ esto no es JSON");
  await page.goto("/formaciones");
  await expect(page.getByRole("article")).toHaveCount(4);
  await page.goto("/carrito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu carrito está vacío");

  await setStoredCart(
    page,
    JSON.stringify([{ id: "curso-inexistente", title: "Fantasma", priceCents: 100 }, 42, null]),
  );
  await page.goto("/carrito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu carrito está vacío");
  await expect(page.getByRole("banner").getByRole("link", { name: "Carrito", exact: true })).toBeVisible();
  await expect.poll(() => storedCart(page)).toEqual([]);
});

test("course page lists every feature and upcoming edition; unknown ids are a Spanish 404", async ({ page }) => {
  await page.goto("/formaciones/expert-nails");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Expert Nails");
  await expect(page.locator(".course-features--all li")).toHaveCount(10);
  const editions = page.locator(".edition");
  expect(await editions.count()).toBeGreaterThanOrEqual(2);
  const [first] = seededEditions("expert-nails");
  await expect(editions.first()).toContainText(
    `Del ${formatWeekdayDate(first.starts_on)} al ${formatWeekdayDate(first.ends_on)}`,
  );
  await expect(page.locator(".course-detail")).not.toContainText(/Valoración|reseñas|★/);
  await expect(editions.first()).toContainText("Quedan 8 plazas de 8");
  await expect(page.getByText("financia desde 333,00 €/mes sin intereses")).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const course = jsonLd.map((t) => JSON.parse(t)).find((d) => d["@type"] === "Course");
  expect(course.offers).toMatchObject({ "@type": "Offer", price: "999.00", priceCurrency: "EUR" });
  expect(course.hasCourseInstance.length).toBeGreaterThanOrEqual(2);

  await page.getByRole("button", { name: /^AÑADIR AL CARRITO/ }).click();
  await expect(page).toHaveURL("/carrito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi carrito (1 curso)");

  const response = await page.goto("/formaciones/curso-inexistente");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");

  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  for (const id of ["formacion-inicio", "tecnico-manicurista", "expert-nails", "iniciacion-acrilico"]) {
    expect(sitemap).toContain(`/formaciones/${id}</loc>`);
  }
});

test("the buyer chooses the edition once, on the course page; the cart shows it and links back to change it", async ({
  page,
}) => {
  const [first, second] = seededEditions("expert-nails");
  await page.goto("/formaciones/expert-nails");
  const choices = page.getByRole("group", { name: "Elige la fecha que prefieres" });
  await expect(choices.getByRole("radio")).toHaveCount(seededEditions("expert-nails").length);
  await expect(choices.getByRole("radio").first()).toBeChecked();
  await expect(choices.getByRole("listitem").first()).toContainText("Quedan 8 plazas de 8");
  await choices.getByRole("radio", { name: new RegExp(`Del ${formatWeekdayDate(second.starts_on)}`) }).check();
  await page.getByRole("button", { name: /^Reservar en la fecha elegida/ }).click();
  await expect(page).toHaveURL("/carrito");
  await expect
    .poll(() => storedCart(page))
    .toEqual([expect.objectContaining({ id: "expert-nails", editionId: second.id })]);
  // The cart shows the edition (dates and place) and offers no choice of its own.
  const line = page.getByRole("list", { name: "Cursos en tu carrito" }).getByRole("listitem").first();
  await expect(line).toContainText(editionDatesText(second.starts_on, second.ends_on));
  await expect(line).toContainText("Carrer Major, 48, 08750 Molins de Rei, Barcelona");
  await expect(page.getByRole("combobox")).toHaveCount(0);
  await expect(line.getByRole("radio")).toHaveCount(0);
  const change = line.getByRole("link", { name: "Cambiar fecha de Expert Nails" });
  await expect(change).toHaveAttribute("href", "/formaciones/expert-nails#convocatorias");

  // "Cambiar fecha" leads back to the course page's choice, with the cart's edition marked.
  await change.click();
  await expect(page).toHaveURL("/formaciones/expert-nails#convocatorias");
  await expect(page.getByText("Este curso ya está en tu carrito")).toBeVisible();
  await expect(choices.getByRole("radio").nth(1)).toBeChecked();
  await choices.getByRole("radio", { name: new RegExp(`Del ${formatWeekdayDate(first.starts_on)}`) }).check();
  await page.getByRole("button", { name: /^Guardar la fecha elegida/ }).click();
  await expect(page).toHaveURL("/carrito");
  await expect
    .poll(() => storedCart(page))
    .toEqual([expect.objectContaining({ id: "expert-nails", editionId: first.id })]);
  await expect(page.getByRole("list", { name: "Cursos en tu carrito" })).toContainText(
    editionDatesText(first.starts_on, first.ends_on),
  );
});

test("an edition no longer bookable is never swapped in silence: the cart says so and asks for another", async ({
  page,
}) => {
  await page.goto("/");
  await setStoredCart(
    page,
    JSON.stringify([{ id: "expert-nails", editionId: "expert-nails-ya-no-existe", quantity: 1 }]),
  );
  await page.goto("/carrito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi carrito (1 curso)");
  await expect(page.getByText(/La fecha que elegiste ya no está disponible/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Elegir otra fecha de Expert Nails" })).toHaveAttribute(
    "href",
    "/formaciones/expert-nails#convocatorias",
  );
  await expect(page.getByRole("link", { name: "Proceder al pago" })).toHaveCount(0);
  await expect(page.getByText("Antes de pagar, elige otra fecha para «Expert Nails»")).toBeVisible();
  await expect
    .poll(() => storedCart(page))
    .toEqual([expect.objectContaining({ editionId: "expert-nails-ya-no-existe" })]);
});

test("without JavaScript the chosen edition travels with the add-to-cart form", async ({ browser, baseURL }) => {
  const [, second] = seededEditions("expert-nails");
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/formaciones/expert-nails");
  await page
    .getByRole("group", { name: "Elige la fecha que prefieres" })
    .getByRole("radio", { name: new RegExp(`Del ${formatWeekdayDate(second.starts_on)}`) })
    .check();
  await page.getByRole("button", { name: /^Reservar en la fecha elegida/ }).click();
  await expect(page).toHaveURL(`/carrito?add=expert-nails&edition=${second.id}`);
  await context.close();
});

test("Proceder al pago sends a signed-out buyer to the login page and back to the checkout", async ({ page }) => {
  await page.goto("/formaciones/formacion-inicio");
  await page.getByRole("button", { name: /^AÑADIR AL CARRITO/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi carrito (1 curso)");
  await page.getByRole("link", { name: "Proceder al pago" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout%3Fcursos%3Dformacion-inicio/);
  expect(await storedCart(page)).toHaveLength(1);
});

test("Proceder al pago links to the checkout page with each course and the edition chosen", async ({ page }) => {
  await page.goto("/carrito?add=iniciacion-acrilico");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi carrito (1 curso)");
  const edition = seededEditions("iniciacion-acrilico")[0]!.id;
  await expect(page.getByRole("link", { name: "Proceder al pago" })).toHaveAttribute(
    "href",
    `/checkout?${new URLSearchParams({ cursos: `iniciacion-acrilico:${edition}` }).toString()}`,
  );
});

test("the empty cart takes the place its loading state held: nothing moves on a phone", async ({ page }) => {
  // Lighthouse's phone: the swap from "Mi carrito" to the longer heading used to push the page down.
  await page.setViewportSize({ width: 412, height: 823 });
  // Without the brand fonts: when one arrives after the first paint, its swap moves text by a
  // few ten-thousandths, which is not what this test is about.
  await page.route(/\.woff2$/, (route) => route.abort());
  const shifts = await recordLayoutShifts(page);
  await page.goto("/carrito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu carrito está vacío");
  await expect(page.getByText("Cargando tu carrito…")).toHaveCount(0);
  // So a shift from the swap has been reported.
  await nextFrames(page);
  expect(await shifts.take()).toEqual([]);
});
