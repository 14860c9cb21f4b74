// The site in Catalan (issue 34), in a browser after hydration: every page with
// a Catalan version answers in Catalan (lang, its alternates), passes axe (the
// fixture runs it on every page visited) at phone and desktop widths, and the
// language switcher leads to the same page in the other language and back —
// by keyboard from the footer on a desktop, through the menu on a phone.
import { localeOfPath } from "../../app/i18n/locales.ts";
import { localizedPath } from "../../app/i18n/paths.ts";
import { publicPages } from "../../scripts/public-pages.ts";
import { expect, test, userMenuSummary } from "./fixtures.ts";

/** The Catalan public pages (the same list the HTML checker and the layout sweep use), without a query. */
const catalanPages = [
  ...new Set(
    publicPages.filter((p) => localeOfPath(p.replace(/\?.*$/u, "")) === "ca").map((p) => p.replace(/\?.*$/u, "")),
  ),
];

test.describe("el web en català", () => {
  for (const width of [390, 1440]) {
    test(`cada pàgina en català a ${width} px: lang, alternates i sense errors d’accessibilitat`, async ({ page }) => {
      // Every Catalan page, each loaded and checked by axe: longer than one journey.
      test.setTimeout(catalanPages.length * 20_000);
      await page.setViewportSize({ width, height: 900 });
      for (const catalan of catalanPages) {
        const spanish = localizedPath(catalan, "es")!;
        await test.step(catalan, async () => {
          const res = await page.goto(catalan);
          expect(res?.status()).toBe(200);
          await expect(page.locator("html")).toHaveAttribute("lang", "ca");
          const end = (path: string) => new RegExp(`${path}$`, "u");
          await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", end(spanish));
          await expect(page.locator('link[rel="alternate"][hreflang="ca"]')).toHaveAttribute("href", end(catalan));
        });
      }
    });
  }

  test("el selector d’idioma porta a la mateixa pàgina en l’altra llengua i torna, amb el teclat", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/equipo");
    const toCatalan = page.getByRole("contentinfo").locator('a[hreflang="ca"]');
    await toCatalan.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/ca/equip");
    await expect(page.locator("html")).toHaveAttribute("lang", "ca");
    const toSpanish = page.getByRole("contentinfo").locator('a[hreflang="es"]');
    await expect(toSpanish).toHaveAttribute("lang", "es");
    await toSpanish.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/equipo");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });

  test("al mòbil, el selector és al menú", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/ca/contacte");
    await page.getByRole("button", { name: /menú/iu }).click();
    const toSpanish = page.locator('#menu-principal a[hreflang="es"]');
    await expect(toSpanish).toBeVisible();
    const box = await toSpanish.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await toSpanish.click();
    await page.waitForURL((url) => url.pathname === "/contacto");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });

  test.describe("un navegador que prefereix el català", () => {
    test.use({ locale: "ca-ES" });

    test("rep una sola vegada l’oferta de la pàgina en català, sense cap redirecció", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const res = await page.goto("/formaciones");
      // No redirect by language: the Spanish address answers in Spanish.
      expect(res?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      const offer = page.getByRole("complementary", { name: "Aquest web en català" });
      await expect(offer).toBeVisible();
      await expect(offer).toHaveAttribute("lang", "ca");
      const box = await offer.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await offer.getByRole("link", { name: "Llegeix aquesta pàgina en català" }).click();
      await page.waitForURL((url) => url.pathname === "/ca/formacions");
      await expect(page.locator("html")).toHaveAttribute("lang", "ca");
      await expect(page.getByRole("complementary", { name: "Aquest web en català" })).toHaveCount(0);
      // Offered once: back on a Spanish page, no offer.
      await page.goto("/contacto");
      await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
      await expect(page.getByRole("complementary", { name: "Aquest web en català" })).toHaveCount(0);
    });
  });
});

test.describe("el compte en català", () => {
  test("de /ca/perfil a l’inici de sessió en català i tornada, navegant per les seccions", async ({ page }) => {
    const who = { email: `compte-catala-${Date.now()}@example.com`, password: "esmalt-de-color" };
    // A new account, made on the Catalan sign-up page from another network (the sign-up limit).
    await page.goto("/ca/registre");
    await page.getByLabel("Nom", { exact: true }).fill("Núria");
    await page.getByLabel("Cognoms").fill("Roca");
    await page.getByLabel("Correu electrònic").fill(who.email);
    await page.getByLabel("Contrasenya", { exact: true }).fill(who.password);
    await page.getByLabel("Confirma la contrasenya").fill(who.password);
    await page
      .context()
      .setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${1 + Math.floor(Math.random() * 250)}` });
    await page.getByRole("button", { name: "Crea el compte" }).click();
    await page.waitForURL((url) => url.pathname === "/ca");
    await page.context().setExtraHTTPHeaders({});

    // The user menu leads to the Catalan profile.
    await userMenuSummary(page, "Núria Roca").click();
    await page.getByRole("link", { name: "El meu perfil" }).click();
    await page.waitForURL((url) => url.pathname === "/ca/perfil/dades");
    await expect(page.getByRole("heading", { level: 1, name: "El meu perfil" })).toBeVisible();

    // The sections, by client-side navigation: each in Catalan.
    const sections = page.getByRole("navigation", { name: "Seccions del perfil" });
    await sections.getByRole("link", { name: "Les meves cites" }).click();
    await page.waitForURL((url) => url.pathname === "/ca/perfil/cites");
    await expect(page.getByText("No tens cap cita propera.")).toBeVisible();
    await sections.getByRole("link", { name: "Configuració" }).click();
    await page.waitForURL((url) => url.pathname === "/ca/perfil/configuracio");
    await expect(page.locator("html")).toHaveAttribute("lang", "ca");

    // The form checks before sending, in Catalan; saving stays on the Catalan page.
    await page.getByRole("button", { name: "Elimina el compte" }).click();
    await expect(page.getByText("Marca la casella per confirmar que vols eliminar el teu compte")).toBeVisible();
    await page.getByLabel("Novetats i promocions").check();
    await page.getByRole("button", { name: "Desa les preferències" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/ca/perfil/configuracio" && url.search === "?guardado=preferencias",
    );
    await expect(page.getByText("S’han desat les teves preferències.")).toBeVisible();

    // The switcher leads to the same section in Spanish.
    await page.getByRole("contentinfo").locator('a[hreflang="es"]').click();
    await page.waitForURL((url) => url.pathname === "/perfil/ajustes");
    await expect(page.getByRole("heading", { level: 1, name: "Mi perfil" })).toBeVisible();

    // Signed out, /ca/perfil asks for the Catalan sign-in and comes back to the Catalan profile.
    await page.context().clearCookies();
    await page.goto("/ca/perfil");
    await page.waitForURL((url) => url.pathname === "/ca/inici-sessio");
    await expect(page.getByText("Has d’iniciar la sessió per veure el teu perfil")).toBeVisible();
    await page.getByLabel("Correu electrònic").fill(who.email);
    await page.getByLabel("Contrasenya", { exact: true }).fill(who.password);
    await page.getByRole("button", { name: "Inicia la sessió" }).click();
    await page.waitForURL((url) => url.pathname === "/ca/perfil/dades");
    await expect(page.getByRole("heading", { level: 1, name: "El meu perfil" })).toBeVisible();
  });
});
