/**
 * The site's frame in Catalan (issue 34) over HTTP against the production build
 * (`npm run build` first): on /ca pages the header's menu, the footer and the
 * language switcher speak Catalan and lead to the Catalan pages that exist; the
 * switcher leads to the same page in the other language; an unknown /ca/ address
 * answers a Catalan 404; the Spanish pages keep their words and addresses; and
 * the error page no loader fed (a customer at /gestion: 403) still has its words.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { localHref } from "~/i18n/paths.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

let t: TestDb;
let srv: RunningServer;
let customerCookie: string;

beforeAll(async () => {
  t = await createTestDb("sqlite");
  const customer = await makeUser(t.db, "clienta-idioma@example.com");
  customerCookie = `an_session=${await insertSession(t.db, customer.id)}`;
  // A run confined to a range of ports passes one in PORT; otherwise any free port.
  const port: Record<string, string> = process.env.PORT ? { PORT: process.env.PORT } : {};
  srv = await startServer({ DATABASE_URL: t.url, LOG_LEVEL: "warn", ...port });
}, 90_000);
afterAll(async () => {
  await srv?.stop();
  await t?.cleanup();
});

async function get(path: string, cookie?: string) {
  const res = await fetch(`${srv.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  return { status: res.status, html: await res.text() };
}

/** The first element `<tag …marker…>…</tag>` (no nesting of the same tag inside). */
function element(html: string, tag: string, marker: string): string {
  const at = html.indexOf(marker);
  expect(at, `${marker} not found`).toBeGreaterThanOrEqual(0);
  const start = html.lastIndexOf(`<${tag}`, at);
  return html.slice(start, html.indexOf(`</${tag}>`, start) + tag.length + 3);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/gu, " ")
    .replace(/&#x27;/gu, "'")
    .replace(/&amp;/gu, "&")
    .replace(/\s+/gu, " ")
    .trim();

/** [visible text, href] of every link in a piece of HTML. */
function links(html: string): [string, string][] {
  return [...html.matchAll(/<a\b([^>]*)>(.*?)<\/a>/gsu)].map(([, attrs, inner]) => [
    text(inner!),
    /\bhref="([^"]*)"/u.exec(attrs!)?.[1] ?? "",
  ]);
}

/** The switchers on the page: [aria-label, href, hrefLang, text]. */
function switchers(html: string): string[][] {
  // The visible name of the other language, then what the link does, for screen readers (in the page's language).
  return [
    ...html.matchAll(
      /<a class="language-switcher[^"]*"([^>]*)>([^<]*)<span class="visually-hidden"[^>]*>([^<]*)<\/span><\/a>/gu,
    ),
  ].map(([, attrs, inner, hidden]) => [
    hidden!.trim().replace(/^\((.*)\)$/u, "$1"),
    /href="([^"]*)"/u.exec(attrs!)?.[1] ?? "",
    /hrefLang="([^"]*)"/u.exec(attrs!)?.[1] ?? "",
    inner!,
  ]);
}

const htmlLang = (html: string) => /<html lang="([^"]+)"/u.exec(html)?.[1];
const mainNav = (html: string) => element(html, "nav", 'aria-label="Menú principal"');
const footer = (html: string) => element(html, "footer", 'class="site-footer"');

// Pages join CATALAN_READY as they are translated: a link goes to the Catalan page once there is one.
const CATALAN_NAV: [string, string][] = [
  ["INICI", "/ca"],
  ["SERVEIS", localHref("ca", "/servicios")],
  ["EQUIP", "/ca/equip"],
  ["FORMACIONS", localHref("ca", "/formaciones")],
  ["CONTACTE", "/ca/contacte"],
];

describe("the frame in Catalan", () => {
  it.each([
    ["/ca", "/"],
    ["/ca/equip", "/equipo"],
  ])("%s: menu, footer and switcher in Catalan", async (path, spanish) => {
    const { status, html } = await get(path);
    expect(status).toBe(200);
    expect(htmlLang(html)).toBe("ca");
    expect(links(mainNav(html))).toEqual(CATALAN_NAV);
    expect(html).toContain(">Inicia la sessió</a>");
    expect(html).toContain(">RESERVA LA TEVA CITA</a>");
    expect(html).toContain('aria-label="Cistella"');
    expect(html).toContain(">Salta al contingut</a>");

    // Header and footer: the same page in Spanish, named in Catalan, written in Spanish.
    expect(switchers(html)).toEqual([
      ["Veure aquesta pàgina en castellà", spanish, "es", "Castellano"],
      ["Veure aquesta pàgina en castellà", spanish, "es", "Castellano"],
    ]);

    const foot = footer(html);
    const words = text(foot);
    for (const sentence of [
      "Enllaços ràpids",
      "Serveis i preus",
      "Tractaments facials",
      "Trucades i SMS:",
      "Horari",
      "De dilluns a divendres: 09:00 - 21:00",
      "Dissabte: 09:00 - 17:00",
      "Diumenge: tancat",
      `© ${new Date().getFullYear()} Alejandra Nails. Tots els drets reservats.`,
    ]) {
      expect(words).toContain(sentence);
    }
    for (const spanishWord of ["Enlaces rápidos", "Horario", "Lunes", "cerrado", "Todos los derechos", "Carrito"]) {
      expect(words).not.toContain(spanishWord);
    }
    const footLinks = links(foot);
    expect(footLinks).toEqual(
      expect.arrayContaining([
        ["Inici", "/ca"],
        ["Equip", "/ca/equip"],
        ["Contacte", "/ca/contacte"],
        ["Cistella", localHref("ca", "/carrito")],
        ["Política de privacitat", "/ca/privacitat"],
        ["Condicions generals", "/ca/condicions"],
        ["Avís legal", "/ca/avis-legal"],
        ["Política de galetes", "/ca/galetes"],
      ]),
    );
    // No key of the catalogue shows instead of its words.
    expect(text(html.replace(/<script[\s\S]*?<\/script>/gu, ""))).not.toMatch(/\bcommon\.[a-z]/u);
  });

  it("marks the Catalan page being shown in the menu", async () => {
    const { html } = await get("/ca/equip");
    expect(mainNav(html)).toMatch(/<a aria-current="page"[^>]*href="\/ca\/equip"/u);
  });

  it("answers an unknown /ca/ address with a 404 in Catalan", async () => {
    const { status, html } = await get("/ca/pagina-inexistent");
    expect(status).toBe(404);
    expect(htmlLang(html)).toBe("ca");
    expect(html).toContain("<title>No s’ha trobat la pàgina · Alejandra Nails</title>");
    expect(html).toContain("<h1>No s’ha trobat la pàgina</h1>");
    expect(html).toContain("La pàgina que busques no existeix o ha canviat d’adreça.");
    expect(links(html)).toEqual(
      expect.arrayContaining([
        ["Torna a l’inici", "/ca"],
        ["Contacta", "/ca/contacte"],
      ]),
    );
    expect(links(mainNav(html))).toEqual(CATALAN_NAV);
  });
});

describe("the frame in Spanish, unchanged", () => {
  it("/: Spanish menu and footer, the switcher leads to /ca", async () => {
    const { status, html } = await get("/");
    expect(status).toBe(200);
    expect(htmlLang(html)).toBe("es");
    expect(links(mainNav(html))).toEqual([
      ["INICIO", "/"],
      ["SERVICIOS", "/servicios"],
      ["EQUIPO", "/equipo"],
      ["FORMACIONES", "/formaciones"],
      ["CONTACTO", "/contacto"],
    ]);
    expect(html).toContain(">Iniciar sesión</a>");
    expect(switchers(html)).toEqual([
      ["Ver esta página en catalán", "/ca", "ca", "Català"],
      ["Ver esta página en catalán", "/ca", "ca", "Català"],
    ]);
    const words = text(footer(html));
    for (const sentence of [
      "Enlaces rápidos",
      "Lunes a viernes: 09:00 - 21:00",
      "Domingo: cerrado",
      "Todos los derechos reservados.",
    ]) {
      expect(words).toContain(sentence);
    }
    expect(links(footer(html))).toEqual(
      expect.arrayContaining([
        ["Inicio", "/"],
        ["Política de privacidad", "/privacy"],
        ["Términos y condiciones", "/terms"],
      ]),
    );
  });

  it("offers no switcher on a page without a Catalan version (an unknown address)", async () => {
    const { html } = await get("/pagina-inexistente");
    expect(switchers(html)).toEqual([]);
  });

  it("answers an unknown address with the Spanish 404", async () => {
    const { status, html } = await get("/pagina-inexistente");
    expect(status).toBe(404);
    expect(htmlLang(html)).toBe("es");
    expect(html).toContain("<h1>Página no encontrada</h1>");
    expect(links(html)).toEqual(
      expect.arrayContaining([
        ["Volver al inicio", "/"],
        ["Contactar", "/contacto"],
      ]),
    );
  });

  it("words the 403 no loader fed (a customer at /gestion)", async () => {
    const { status, html } = await get("/gestion", customerCookie);
    expect(status).toBe(403);
    expect(html).toContain("<h1>Acceso restringido</h1>");
    expect(html).toContain("Esta zona está reservada al equipo de Alejandra Nails.");
    expect(text(html.replace(/<script[\s\S]*?<\/script>/gu, ""))).not.toMatch(/\bcommon\.[a-z]/u);
  });
});
