/**
 * The home page in Catalan (issue 34), against the production build (`npm run
 * build` first; BUILD_DIR picks another build folder): /ca is the Catalan home
 * (lang, hero, section headings, opening hours, accessible names, links to
 * Catalan pages, its own title, canonical and hreflang alternates, the salon's
 * JSON-LD described in Catalan), and / still reads as before with the same
 * alternates. PORT_BASE confines the server to a port.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/content/site.ts";
import {
  alternateUrls as alternates,
  canonicalUrl as canonical,
  mainOf,
  mainText,
  pageGetter,
  portFromEnv,
  titleOf as title,
} from "../helpers/html-page.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

let srv: RunningServer;
const page = pageGetter(() => srv);

beforeAll(async () => {
  // Canonical and alternates are built from PUBLIC_URL: here the server's own address (its default).
  srv = await startServer({ LOG_LEVEL: "warn", ...portFromEnv() });
}, 180_000);
afterAll(async () => {
  await srv?.stop();
});

/** The accessible names and alt texts inside <main>. */
function mainLabels(html: string): string[] {
  return [...mainOf(html).matchAll(/(?:alt|aria-label|aria-roledescription)="([^"]*)"/gu)].map((m) => m[1]!);
}

const expectedAlternates = () => ({ es: `${srv.url}/`, ca: `${srv.url}/ca`, "x-default": `${srv.url}/` });

describe("the home page in Catalan", () => {
  it("answers /ca in Catalan: hero, sections, hours, rating and calls to action", async () => {
    const { status, html } = await page("/ca");
    expect(status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="ca"/u);
    expect(html).toMatch(
      /<h1 id="hero-title">Ungles impecables, mans cuidades i una acadèmia per aprendre l’ofici<\/h1>/u,
    );
    const body = mainText(html);
    for (const sentence of [
      "Reserva el teu moment i deixa’t cuidar.",
      "RESERVA LA TEVA CITA",
      "Un saló on les teves mans són el primer",
      `A ${site.name} fa més de 10 anys que cuidem mans i peus a Molins de Rei.`,
      "Coneix el nostre equip",
      "El que fem per tu",
      "Tractaments facials",
      "Consulta els preus dels tractaments facials",
      "Estils que fem",
      "Francesa clàssica",
      "El nostre saló.",
      "Vine a veure’ns",
      "De dilluns a divendres: 09:00 - 21:00",
      "Diumenge: tancat",
      "Truca al 655 48 21 37",
      "4,2 de 5 · 97 ressenyes",
      "Com arribar-hi (s’obre en una pestanya nova)",
    ]) {
      expect(body).toContain(sentence);
    }
    for (const spanish of [
      "Lo que hacemos por ti",
      "Ven a vernos",
      "Estilos que hacemos",
      "Lunes a viernes",
      "reseñas",
      "pestaña nueva",
      "Conoce a nuestro equipo",
    ]) {
      expect(body).not.toContain(spanish);
    }
  });

  it("names images and controls in Catalan", async () => {
    const labels = mainLabels((await page("/ca")).html);
    expect(labels).toContain("Galeria d’estils");
    expect(labels).toContain("Imatge següent");
    expect(labels).toContain("Ves a la imatge 1");
    expect(labels.some((l) => l.startsWith("Amplia la imatge: Il·lustració de l’interior del saló"))).toBe(true);
    expect(labels.some((l) => l.startsWith("Mapa il·lustrat del centre de Molins de Rei"))).toBe(true);
    expect(labels.filter((l) => /Ilustración|Imagen|Ampliar|Galería|Ir a la/u.test(l))).toEqual([]);
  });

  it("links to the Catalan pages that exist", async () => {
    const { html } = await page("/ca");
    expect(html).toContain('href="/ca/equip#team"');
    expect(html).not.toContain('href="/equipo#team"');
  });

  it("has a Catalan title, description, canonical /ca and the hreflang alternates", async () => {
    const { html } = await page("/ca");
    expect(title(html)).toBe(`${site.name} · Saló d’ungles i acadèmia a Molins de Rei`);
    expect(html).toContain('<meta name="description" content="Saló d’ungles i bellesa a Molins de Rei (Barcelona)');
    expect(canonical(html)).toBe(`${srv.url}/ca`);
    expect(alternates(html)).toEqual(expectedAlternates());
    expect(html).toContain('<meta property="og:locale" content="ca_ES"/>');
    // The salon's schema.org data stays as it is; only its description speaks Catalan.
    const ld = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/u.exec(html)?.[1];
    const salon = JSON.parse(ld ?? "{}") as { "@type"?: string; description?: string; telephone?: string };
    expect(salon["@type"]).toBe("NailSalon");
    expect(salon.description).toMatch(/^Saló d’ungles i bellesa/u);
    expect(salon.telephone).toBe(site.phone.e164);
  });
});

describe("the home page in Spanish", () => {
  it("still reads in Spanish at /, with the same alternates", async () => {
    const { status, html } = await page("/");
    expect(status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="es"/u);
    expect(html).toContain(`<h1 id="hero-title">${site.tagline}</h1>`);
    const body = mainText(html);
    expect(body).toContain("Lo que hacemos por ti");
    expect(body).toContain("Ver precios de los tratamientos faciales");
    expect(body).toContain("Lunes a viernes: 09:00 - 21:00");
    expect(body).toContain("4,2 de 5 · 97 reseñas");
    expect(body).not.toContain("El que fem per tu");
    expect(html).toContain('href="/equipo#team"');
    expect(title(html)).toBe(`${site.name} · Salón de uñas y academia en Molins de Rei`);
    expect(canonical(html)).toBe(`${srv.url}/`);
    expect(alternates(html)).toEqual(expectedAlternates());
  });
});
