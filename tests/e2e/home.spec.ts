import type { Locator, Page } from "@playwright/test";
import { site } from "../../app/content/site.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

/** 1-based number of the gallery slide shown now ("3 de 8" → 3). */
async function currentSlide(page: Page): Promise<number> {
  const label = await page.locator('.gallery__slide[data-active="true"]').getAttribute("aria-label");
  return Number(label?.split(" ")[0]);
}

async function expectSlide(page: Page, n: number) {
  await expect(page.locator('.gallery__slide[data-active="true"]')).toHaveAttribute("aria-label", `${n} de 8`);
}

/** A link to the site's own booking page: same tab (the default booking setting). */
async function expectBookingPage(link: Locator) {
  await expect(link).toHaveAttribute("href", "/reservar");
  await expect(link).not.toHaveAttribute("target", /.+/);
}

async function expectNewTab(link: Locator, href: string) {
  await expect(link).toHaveAttribute("href", href);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
}

test.describe("home", () => {
  test("sections in the spec's order with their anchors and links", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(site.tagline);
    await expectBookingPage(main.getByRole("link", { name: /RESERVA TU CITA/ }));

    const ids = await main.locator(":scope > section[id]").evaluateAll((els) => els.map((el) => el.id));
    expect(ids).toEqual(["about", "servicios", "trabajos", "ubicacion"]);

    await expect(page.locator("#about").getByRole("link", { name: "Conoce a nuestro equipo" })).toHaveAttribute(
      "href",
      "/equipo#team",
    );

    const services = page.locator("#servicios");
    await expect(services.getByRole("listitem")).toHaveCount(4);
    await expect(services.locator(".service__number")).toHaveText(["01", "02", "03", "04"]);
    for (const [name, href] of [
      ["Ver precios de los tratamientos faciales", "/servicios#facial"],
      ["Ver precios de manicura", "/servicios#manos"],
      ["Ver precios de pedicura", "/servicios#pies"],
    ] as const) {
      await expect(services.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    const more = services.getByRole("link", { name: /Más información/ });
    await expect(more).toHaveAttribute("href", "/formaciones");
    await expect(more).not.toHaveAttribute("target", /.+/);

    const location = page.locator("#ubicacion");
    await expect(location).toContainText(site.address.street);
    await expect(location).toContainText("Lunes a viernes: 09:00 - 21:00");
    await expect(location).toContainText("Sábado: 09:00 - 17:00");
    await expect(location).toContainText("Domingo: cerrado");
    await expect(location.getByRole("link", { name: new RegExp(site.phone.display) })).toHaveAttribute(
      "href",
      site.phone.href,
    );
    await expectBookingPage(location.getByRole("link", { name: /RESERVA AHORA/ }));
    await expect(location).toContainText("4,2 de 5 · 97 reseñas");
    await expectNewTab(location.getByRole("link", { name: /Cómo llegar/ }), site.maps.directions);
    await expectNewTab(location.getByRole("link", { name: /Ampliar mapa/ }), site.maps.place);
    await expectNewTab(location.getByRole("link", { name: /Instagram/ }), site.social.instagram.url);
    await expectNewTab(location.getByRole("link", { name: /Facebook/ }), site.social.facebook.url);
  });

  test("carries NailSalon JSON-LD and its meta tags", async ({ page }) => {
    await page.goto("/");
    const json = await page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(json ?? "{}");
    expect(data["@type"]).toBe("NailSalon");
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.2, reviewCount: 97 });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    await expect(page).toHaveTitle(/Alejandra Nails/);
  });

  test("gallery: previous, next, wrap, dots and thumbnails", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const gallery = page.getByRole("region", { name: "Galería de estilos" });
    // Reduced motion: no auto-advance, so every step below is deterministic.
    await expect(gallery.getByRole("button", { name: "Reanudar presentación" })).toBeVisible();
    await expectSlide(page, 1);
    await gallery.getByRole("button", { name: "Imagen anterior" }).click();
    await expectSlide(page, 8);
    await gallery.getByRole("button", { name: "Imagen siguiente" }).click();
    await expectSlide(page, 1);
    await gallery.getByRole("button", { name: "Imagen siguiente" }).click();
    await expectSlide(page, 2);
    await gallery.getByRole("button", { name: "Ir a la imagen 6" }).click();
    await expectSlide(page, 6);
    await expect(gallery.getByRole("button", { name: "Ir a la imagen 6" })).toHaveAttribute("aria-current", "true");
    await gallery.getByRole("button", { name: "Ver Francesa clásica" }).click();
    await expectSlide(page, 1);
    const shown = page.locator('.gallery__slide[data-active="true"] img');
    await expect(shown).toBeVisible();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("gallery: auto-advances after 4 s, pause stops it", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const gallery = page.getByRole("region", { name: "Galería de estilos" });
    const slides = page.locator("#galeria-diapositivas");
    await expect(slides).toHaveAttribute("aria-live", "off");

    // A manual move restarts the timer; then pointer and focus leave so rotation resumes.
    await gallery.getByRole("button", { name: "Ir a la imagen 3" }).click();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expectSlide(page, 3);
    await page.clock.runFor(3_990);
    await expectSlide(page, 3);
    await page.clock.runFor(20);
    await expectSlide(page, 4);

    await gallery.getByRole("button", { name: "Pausar presentación" }).click();
    await expect(gallery.getByRole("button", { name: "Reanudar presentación" })).toBeVisible();
    await expect(slides).toHaveAttribute("aria-live", "polite");
    await page.mouse.move(0, 0);
    const paused = await currentSlide(page);
    await page.clock.runFor(20_000);
    await expectSlide(page, paused);

    await gallery.getByRole("button", { name: "Reanudar presentación" }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(4_010);
    await expectSlide(page, (paused % 8) + 1);
    // Let time flow again: the final axe check waits on timers.
    await page.clock.resume();
  });

  test("salon photo opens a full-screen modal: close button, backdrop, Escape", async ({ page }) => {
    await page.goto("/");
    const opener = page.getByRole("button", { name: /^Ampliar imagen: Ilustración del interior del salón/ });
    const dialog = page.getByRole("dialog");

    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cerrar imagen" })).toBeFocused();
    await expect(dialog.getByRole("img")).toBeVisible();
    await expectNoAxeViolations(page, "home with the image modal open");
    await dialog.getByRole("button", { name: "Cerrar imagen" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(8, 300);
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("'Conoce a nuestro equipo' leads to the team section", async ({ page }) => {
    await page.goto("/");
    await page.locator("#about").getByRole("link", { name: "Conoce a nuestro equipo" }).click();
    await expect(page).toHaveURL(/\/equipo#team$/);
    await expect(page.locator("#team")).toBeInViewport();
  });
});

test.describe("equipo", () => {
  test("founder, team photo, five members with the highlighted specialty and the closing call to action", async ({
    page,
  }) => {
    await page.goto("/equipo");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main.getByRole("heading", { level: 2, name: site.founder.name })).toBeVisible();
    await expect(main).toContainText("Fundadora y formadora principal");
    await expect(main).toContainText("Más de 10 años de experiencia");
    await expect(main.getByRole("heading", { name: "Especialidades" }).first()).toBeVisible();
    await expect(main.getByRole("heading", { name: "Certificaciones" })).toBeVisible();

    const team = page.locator("#team");
    await expect(team.locator(".team > li")).toHaveCount(5);
    const highlight = team.locator(".member__highlight");
    await expect(highlight).toHaveCount(1);
    await expect(highlight).toContainText("Especialidad destacada");
    await expect(highlight).toContainText("Decoración de uñas a mano alzada");

    await expectBookingPage(main.getByRole("link", { name: /RESERVA TU CITA/ }));
    await expect(main.getByRole("link", { name: "Ver formaciones" })).toHaveAttribute("href", "/formaciones");
  });

  test("team photos open in the image modal", async ({ page }) => {
    await page.goto("/equipo");
    const group = page.getByRole("button", { name: /^Ampliar imagen: Las seis tarjetas del equipo/ });
    await group.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(group).toBeFocused();

    const member = page
      .locator("#team")
      .getByRole("button", { name: /^Ampliar imagen:/ })
      .nth(1);
    await member.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cerrar imagen" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(member).toBeFocused();
  });
});
