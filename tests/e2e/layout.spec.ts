import type { Page } from "@playwright/test";
import { site } from "../../app/content/site.ts";
import { expect, test } from "./fixtures.ts";

test.describe("cabecera (escritorio)", () => {
  test("toma el aspecto con scroll pasados 50 px y lo pierde al volver arriba", async ({ page }) => {
    await page.goto("/privacy");
    const header = page.getByRole("banner");
    await expect(header).not.toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).not.toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect(header).toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/is-scrolled/);
  });

  test("menú, enlaces sociales, reserva en pestaña nueva y sesión", async ({ page }) => {
    await page.goto("/contacto");
    const header = page.getByRole("banner");
    const nav = header.getByRole("navigation", { name: "Menú principal" });
    for (const label of ["INICIO", "SERVICIOS", "EQUIPO", "FORMACIONES", "CONTACTO"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "CONTACTO" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "INICIO" })).not.toHaveAttribute("aria-current", "page");
    await expect(header.getByRole("button", { name: "Menú" })).toBeHidden();

    // The social icons join the desktop bar only where it has room for them (from 1400 px).
    await expect(header.getByRole("link", { name: /^Instagram/ })).toBeHidden();
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const [name, url] of [
      ["Instagram", site.social.instagram.url],
      ["Facebook", site.social.facebook.url],
      ["Threads", site.social.threads.url],
    ] as const) {
      await expect(header.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", url);
    }

    const booking = header.getByRole("link", { name: /RESERVA TU CITA/ });
    // The default booking setting: the site's own booking page, in the same tab.
    await expect(booking).toHaveAttribute("href", "/reservar");
    await expect(booking).not.toHaveAttribute("target", /.+/);

    await expect(header.getByRole("link", { name: "Iniciar sesión" })).toHaveAttribute("href", "/login");
  });

  test("el carrito no muestra insignia vacío y cuenta los cursos guardados", async ({ page }) => {
    await page.goto("/contacto");
    const cart = page.getByRole("banner").getByRole("link", { name: "Carrito", exact: true });
    await expect(cart).toHaveAttribute("href", "/carrito");
    await expect(cart.locator(".cart-badge")).toHaveCount(0);

    await page.evaluate(() =>
      localStorage.setItem(
        "alejandra-nails-cart",
        JSON.stringify([
          { id: "expert-nails", title: "Expert Nails", price: 999 },
          { id: "formacion-inicio", title: "Formación de inicio", price: 280 },
        ]),
      ),
    );
    await page.goto("/contacto");
    const full = page.getByRole("banner").getByRole("link", { name: "Carrito, 2 cursos" });
    await expect(full).toBeVisible();
    await expect(full.locator(".cart-badge")).toHaveText("2");
  });
});

test.describe("cabecera (móvil)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("el botón abre y cierra el menú, Escape lo cierra y cualquier enlace también", async ({ page }) => {
    await page.goto("/contacto");
    const header = page.getByRole("banner");
    const toggle = header.getByRole("button", { name: "Menú" });
    const nav = header.getByRole("navigation", { name: "Menú principal" });

    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAttribute("aria-controls", "menu-principal");
    await expect(nav).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeVisible();
    const whatsapp = header.getByRole("link", { name: /WhatsApp/ });
    await expect(whatsapp).toBeVisible();
    await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\//);
    await expect(header.getByRole("link", { name: /RESERVA TU CITA/ })).toBeVisible();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();

    await toggle.click();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();

    await toggle.click();
    await nav.getByRole("link", { name: "EQUIPO" }).click();
    await expect(page).toHaveURL(/\/equipo$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
  });
});

test.describe("pie de página", () => {
  test("enlaces rápidos, servicios, contacto, horario y textos legales", async ({ page }) => {
    await page.goto("/contacto");
    const footer = page.getByRole("contentinfo");
    const services = footer.getByRole("navigation", { name: "Servicios" });
    for (const [name, href] of [
      ["Manicura", "/servicios#manos"],
      ["Pedicura", "/servicios#pies"],
      ["Tratamientos faciales", "/servicios#facial"],
      ["Diseño de uñas", "/servicios#diseno"],
      ["Formaciones", "/formaciones"],
    ]) {
      await expect(services.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer.getByRole("link", { name: "Servicios y precios" })).toHaveAttribute("href", "/servicios");
    const legal = footer.getByRole("navigation", { name: "Información legal" });
    for (const [name, href] of [
      ["Política de privacidad", "/privacy"],
      ["Términos y condiciones", "/terms"],
      ["Aviso legal", "/aviso-legal"],
      ["Política de cookies", "/cookies"],
    ]) {
      await expect(legal.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await expect(footer.getByText("Llamadas y SMS")).toBeVisible();
    await expect(footer.getByRole("link", { name: site.phone.display, exact: true })).toHaveAttribute(
      "href",
      site.phone.href,
    );
    await expect(footer.getByRole("link", { name: /^SMS/ })).toHaveAttribute("href", site.phone.sms);
    await expect(footer.getByText("Lunes a viernes: 09:00 - 21:00")).toBeVisible();
    await expect(footer.getByText("Sábado: 09:00 - 17:00")).toBeVisible();
    await expect(footer.getByText("Domingo: cerrado")).toBeVisible();
    await expect(footer.getByText(`© ${new Date().getFullYear()} ${site.name}`)).toBeVisible();

    await legal.getByRole("link", { name: "Aviso legal" }).click();
    await expect(page).toHaveURL(/\/aviso-legal$/);
    await expect(page.getByRole("heading", { level: 1, name: "Aviso legal" })).toBeVisible();
  });
});

/**
 * From now on, records on every animation frame the page's scroll position and its
 * main heading (a client navigation changes the URL before it draws the new page).
 */
async function recordScroll(page: Page) {
  await page.evaluate(() => {
    const samples: { y: number; heading: string }[] = [];
    (window as unknown as { scrollSamples: typeof samples }).scrollSamples = samples;
    const sample = () => {
      samples.push({ y: Math.round(window.scrollY), heading: document.querySelector("h1")?.textContent ?? "" });
      if (samples.length < 600) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  const all = () =>
    page.evaluate(() => (window as unknown as { scrollSamples: { y: number; heading: string }[] }).scrollSamples);
  return {
    /** The positions of the frames that showed this heading, once at least `frames` of them have. */
    positionsUnder: async (heading: string, frames = 30) => {
      await expect
        .poll(async () => (await all()).filter((s) => s.heading === heading).length)
        .toBeGreaterThanOrEqual(frames);
      return (await all()).filter((s) => s.heading === heading).map((s) => s.y);
    },
  };
}

test.describe("desplazamiento", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("un enlace del pie abre la página nueva arriba del todo, sin recorrerla, y volver atrás recupera la posición", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    const bottom = await page.evaluate(() => window.scrollY);
    expect(bottom).toBeGreaterThan(2000);
    const home = (await page.locator("h1").textContent()) ?? "";

    const scroll = await recordScroll(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Aviso legal" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Aviso legal" })).toBeVisible();
    // From the first frame that draws the new page: at the top, with no position on the way there.
    const onNewPage = await scroll.positionsUnder("Aviso legal");
    expect(onNewPage).toEqual(onNewPage.map(() => 0));

    // Back: the home page where it was left, at once.
    const backScroll = await recordScroll(page);
    await page.goBack();
    const back = await backScroll.positionsUnder(home);
    expect(back[0]).toBeGreaterThan(2000);
    expect(back).toEqual(back.map(() => back[0]));
  });

  test("un enlace del pie a una sección de otra página salta directamente a ella", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/contacto");
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    const scroll = await recordScroll(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Pedicura" }).click();
    await expect(page).toHaveURL(/\/servicios#pies$/);
    const positions = await scroll.positionsUnder("Servicios y precios");
    const target = await page
      .locator("#pies")
      .evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
    expect(positions[0]).toBeGreaterThan(0);
    expect(Math.abs(positions[0] - target)).toBeLessThan(200);
    expect(positions).toEqual(positions.map(() => positions[0]));
  });

  for (const reducedMotion of ["no-preference", "reduce"] as const) {
    test(`un enlace dentro de la página ${reducedMotion === "reduce" ? "salta sin animación con movimiento reducido" : "se desliza suavemente"}`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion });
      await page.goto("/servicios");
      const link = page.getByRole("navigation", { name: "Categorías de servicios" }).getByRole("link").last();
      const hash = (await link.getAttribute("href")) ?? "";
      const scroll = await recordScroll(page);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${hash}$`));
      const positions = await scroll.positionsUnder("Servicios y precios", 90);
      const end = positions[positions.length - 1];
      expect(end).toBeGreaterThan(500);
      // Frames on the way: a glide draws some (how many depends on the machine's frame rate), a jump none.
      const between = positions.filter((y) => y > 0 && y < end);
      if (reducedMotion === "reduce") expect(between).toEqual([]);
      else expect(between.length).toBeGreaterThan(0);
    });
  }
});

test("el botón de WhatsApp aparece y su aviso se cierra con el botón", async ({ page }) => {
  await page.goto("/cookies");
  const button = page.getByRole("link", { name: /^Escríbenos por WhatsApp/ }).last();
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute("href", site.whatsapp.link(site.whatsapp.defaultMessage));
  const tooltip = page.getByText("¿Tienes dudas? Escríbenos por WhatsApp");
  await expect(tooltip).toBeVisible();
  await page.getByRole("button", { name: "Cerrar aviso de WhatsApp" }).click();
  await expect(tooltip).toBeHidden();
  await expect(button).toBeVisible();
});

test("el aviso de WhatsApp se oculta solo unos segundos después de aparecer", async ({ page }) => {
  // Exact timings (2 s / 5 s) are covered with fake timers in whatsapp-float.test.tsx.
  await page.goto("/cookies");
  const tooltip = page.getByText("¿Tienes dudas? Escríbenos por WhatsApp");
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toBeHidden({ timeout: 9000 });
  await expect(page.getByRole("link", { name: /^Escríbenos por WhatsApp/ })).toBeVisible();
});

test("una ruta desconocida muestra la página 404 en español con cabecera y pie", async ({ page }) => {
  const response = await page.goto("/esta-pagina-no-existe");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Página no encontrada · Alejandra Nails");
  await expect(page.getByRole("heading", { level: 1, name: "Página no encontrada" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await page.getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/$/);
});

const pages = [
  {
    path: "/contacto",
    title: "Contacto · Alejandra Nails",
    texts: [site.address.street, site.phone.display, site.email, "Lunes a viernes: 09:00 - 21:00", "97 reseñas"],
  },
  {
    path: "/privacy",
    title: "Política de privacidad · Alejandra Nails",
    texts: ["Responsable del tratamiento", "Stripe", "12 meses", "Agencia Española de Protección de Datos"],
  },
  {
    path: "/terms",
    title: "Términos y condiciones · Alejandra Nails",
    texts: ["incluyen el IVA", "Klarna, SeQura o Scalapay", "14 días naturales", "Modelo de formulario de desistimiento", "30 días"],
  },
  {
    path: "/aviso-legal",
    title: "Aviso legal · Alejandra Nails",
    texts: ["LSSI-CE", "Nombre comercial", site.address.full],
  },
  {
    path: "/cookies",
    title: "Política de cookies · Alejandra Nails",
    texts: ["an_session", "alejandra-nails-cart", "no usamos cookies de analítica"],
  },
];

for (const info of pages) {
  test(`${info.path} responde 200 en español con sus textos`, async ({ page }) => {
    const response = await page.goto(info.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle(info.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${info.path}$`));
    const main = page.getByRole("main");
    for (const text of info.texts) await expect(main.getByText(text).first()).toBeVisible();
  });
}

test("contacto: acciones rápidas y mapa", async ({ page }) => {
  await page.goto("/contacto");
  const main = page.getByRole("main");
  const urgent = main.getByRole("link", { name: /Reserva urgente por WhatsApp/ });
  await expect(urgent).toHaveAttribute("href", /^https:\/\/wa\.me\/34655482137\?text=/);
  await expect(urgent).toHaveAttribute("target", "_blank");
  await expect(main.getByRole("link", { name: /^Llamar/ })).toHaveAttribute("href", site.phone.href);
  await expect(main.getByRole("link", { name: /Cómo llegar/ })).toHaveAttribute("href", site.maps.directions);
  await expect(main.getByRole("img", { name: /Mapa con la ubicación/ })).toBeVisible();
  await expect(main.getByText("4,2", { exact: true })).toBeVisible();
  for (const name of ["Instagram", "Facebook", "Threads"]) {
    await expect(main.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
});
