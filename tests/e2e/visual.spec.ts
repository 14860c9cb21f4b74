// Screenshot baselines of the key pages at a phone and a desktop width. Each is
// compared with its committed PNG (tests/e2e/visual.spec.ts-snapshots/) within a
// small tolerance. After a deliberate design change, look at the new screenshots
// and update them with `npx playwright test visual --update-snapshots` (after
// `npm run build`), then commit the PNGs with the change.
// Text that changes by itself (edition dates computed from today, the year in
// the footer) is masked; the floating widgets are hidden (visual.css).
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";

const pages = [
  ["inicio", "/"],
  ["equipo", "/equipo"],
  ["formaciones", "/formaciones"],
  ["curso", "/formaciones/formacion-inicio"],
  ["contacto", "/contacto"],
  ["carrito", "/carrito"],
] as const;

const viewports = [
  ["movil", { width: 390, height: 844 }],
  ["escritorio", { width: 1440, height: 900 }],
] as const;

/** Elements whose text depends on the day of the run. */
function changing(page: Page) {
  return [page.locator("time"), page.locator(".site-footer__bottom p"), page.getByText(/convocatoria/i)];
}

test.describe("capturas de referencia", () => {
  test.use({ locale: "es-ES", timezoneId: "Europe/Madrid" });

  for (const [viewportName, viewport] of viewports) {
    for (const [name, url] of pages) {
      test(`${name} (${viewportName})`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ reducedMotion: "reduce" });
        await page.goto(url);
        await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
        await page.evaluate(() => document.fonts.ready);
        await expect(page).toHaveScreenshot(`${name}-${viewportName}.png`, {
          animations: "disabled",
          mask: changing(page),
          maxDiffPixelRatio: 0.01,
          stylePath: path.join(import.meta.dirname, "visual.css"),
        });
      });
    }
  }
});

test("portada: la tarjeta del hero conserva su ancho y deja ver la ilustración (1024–1920 px)", async ({ page }) => {
  await page.goto("/");
  for (const width of [1024, 1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const card = await page.locator(".hero__content").boundingBox();
    expect(card, `tarjeta del hero a ${width} px`).not.toBeNull();
    // At most ~540 px and under half of the width: the artwork shows beside it.
    expect(card!.width, `ancho de la tarjeta a ${width} px`).toBeLessThanOrEqual(541);
    expect(card!.x + card!.width, `borde derecho de la tarjeta a ${width} px`).toBeLessThan(width / 2 + 40);
  }
});
