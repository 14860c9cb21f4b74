/**
 * /equipo and /contacto in Catalan (issue 34), against the production build
 * (`npm run build` first; BUILD_DIR picks another build folder): /ca/equip and
 * /ca/contacte are Catalan pages (lang, headings, a bio, the opening hours,
 * links to Catalan pages, canonical and hreflang alternates), and the Spanish
 * pages still read as before. PORT_BASE confines the server to a port.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/content/site.ts";
import { alternatePaths as alternates, canonicalUrl, pageGetter, portFromEnv, visibleText as text } from "../helpers/html-page.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

function canonical(html: string): string | undefined {
  const href = canonicalUrl(html);
  return href ? new URL(href).pathname : undefined;
}

let srv: RunningServer;
const page = pageGetter(() => srv);

beforeAll(async () => {
  srv = await startServer({ LOG_LEVEL: "warn", ...portFromEnv() });
}, 90_000);
afterAll(async () => {
  await srv?.stop();
});

describe("the team page in Catalan", () => {
  it("answers /ca/equip in Catalan, with the founder's bio and the team's specialties", async () => {
    const { status, html } = await page("/ca/equip");
    expect(status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="ca"/u);
    const body = text(html);
    expect(body).toContain("Mans expertes, tracte proper");
    expect(body).toContain("Coneix el nostre equip");
    expect(body).toContain(`${site.founder.name} va obrir ${site.name} amb una idea senzilla`);
    expect(body).toContain("Fundadora i formadora principal");
    expect(body).toContain("Especialitat destacada");
    expect(body).toContain("Decoració d’ungles a mà alçada");
    expect(body).not.toContain("Manos expertas");
    expect(body).not.toContain("Conoce a nuestro equipo");
    expect(body).toContain("Veure formacions");
  });

  it("names itself canonical and both languages as alternates", async () => {
    const { html } = await page("/ca/equip");
    expect(canonical(html)).toBe("/ca/equip");
    expect(alternates(html)).toEqual({ es: "/equipo", ca: "/ca/equip", "x-default": "/equipo" });
    expect(html).toMatch(/<title>El nostre equip/u);
  });

  it("keeps /equipo in Spanish", async () => {
    const { status, html } = await page("/equipo");
    expect(status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="es"/u);
    const body = text(html);
    expect(body).toContain("Manos expertas, trato cercano");
    expect(body).toContain(`${site.founder.name} abrió ${site.name} con una idea sencilla`);
    expect(body).toContain("Especialidad destacada");
    expect(canonical(html)).toBe("/equipo");
    expect(alternates(html)).toEqual({ es: "/equipo", ca: "/ca/equip", "x-default": "/equipo" });
  });
});

describe("the contact page in Catalan", () => {
  it("answers /ca/contacte in Catalan, with the opening hours' words in Catalan", async () => {
    const { status, html } = await page("/ca/contacte");
    expect(status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="ca"/u);
    const body = text(html);
    expect(body).toContain("Dades de contacte");
    expect(body).toContain("Prefereixes reservar pel teu compte?");
    expect(body).toContain("De dilluns a divendres: 09:00 - 21:00");
    expect(body).toContain("Dissabte: 09:00 - 17:00");
    expect(body).toContain("Diumenge: tancat");
    expect(body).toContain("(s’obre en una pestanya nova)");
    expect(body).not.toContain("Lunes a viernes");
    expect(body).not.toContain("cerrado");
    expect(body).not.toContain("Datos de contacto");
    // The facts stay the same in both languages.
    expect(body).toContain(site.phone.display);
    expect(body).toContain(site.email);
    // WhatsApp opens with a Catalan greeting.
    expect(html).toContain(encodeURIComponent(`Hola, ${site.name}! M’agradaria demanar informació.`));
  });

  it("names itself canonical and both languages as alternates", async () => {
    const { html } = await page("/ca/contacte");
    expect(canonical(html)).toBe("/ca/contacte");
    expect(alternates(html)).toEqual({ es: "/contacto", ca: "/ca/contacte", "x-default": "/contacto" });
    expect(html).toMatch(/<title>Contacte/u);
  });

  it("keeps /contacto in Spanish", async () => {
    const { status, html } = await page("/contacto");
    expect(status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="es"/u);
    const body = text(html);
    expect(body).toContain("Datos de contacto");
    expect(body).toContain("Lunes a viernes: 09:00 - 21:00");
    expect(body).toContain("Domingo: cerrado");
    expect(body).toContain("¿Prefieres reservar por tu cuenta?");
    expect(html).toContain(encodeURIComponent(site.whatsapp.defaultMessage));
    expect(canonical(html)).toBe("/contacto");
  });
});
