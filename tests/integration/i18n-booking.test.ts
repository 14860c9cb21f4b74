/**
 * The booking in Catalan (issue 34), against the production build (`npm run
 * build` first; BUILD_DIR picks another build folder): /ca/reserva and each of
 * its steps are Catalan pages (lang, headings, Catalan weekdays, links and the
 * forms' actions kept on Catalan addresses, hreflang alternates); a booking
 * posted from the Catalan details step leads to the Catalan pending page; the
 * seeded services are named in Catalan; the Spanish pages still read as before.
 * PORT_BASE confines the server to a port.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedServices } from "~/db/seed-services.server.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import { alternatePaths as alternates, pageGetter, portFromEnv, visibleText as text } from "../helpers/html-page.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

let srv: RunningServer;
const page = pageGetter(() => srv);

beforeAll(async () => {
  srv = await startServer({ LOG_LEVEL: "warn", ...portFromEnv() });
}, 90_000);
afterAll(async () => {
  await srv?.stop();
});

/** Whether `text` holds `name` as whole words ("Manicura semipermanent" is not in "Manicura semipermanente"). */
const names = (text: string, name: string) =>
  new RegExp(`(?<!\\p{L})${name.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")}(?!\\p{L})`, "u").test(text);

const CATALAN_WEEKDAYS = /(Dilluns|Dimarts|Dimecres|Dijous|Divendres|Dissabte|Diumenge), \d{1,2} (de|d’)/u;
const SPANISH_WEEKDAYS = /(Lunes|Martes|Miércoles|Jueves|Viernes|Sábado|Domingo), \d{1,2} de/u;

/** The time step with a service chosen, from three days ahead (as scripts/public-pages.ts bookingTimeStep). */
const timeStep = (base: string) => `${base}?servicio=semipermanente&profesional=any&desde=${addDays(madridDate(), 3)}`;

/** The details step: the first free time the Catalan time step offers. */
async function catalanDetailsStep(): Promise<string> {
  const { html } = await page(timeStep("/ca/reserva"));
  const href = /href="(\/ca\/reserva\?[^"]*hora=[^"]*)"/u.exec(html)?.[1];
  if (!href) throw new Error("no free time on the Catalan time step");
  return href.replaceAll("&amp;", "&");
}

describe("the booking in Catalan", () => {
  it("answers /ca/reserva in Catalan, its form staying on the Catalan address", async () => {
    const { status, html } = await page("/ca/reserva");
    expect(status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="ca"/u);
    const body = text(html);
    expect(body).toContain("Reserva la teva cita");
    expect(body).toContain("Tria un servei o més");
    expect(body).toContain("Continua");
    expect(body).toContain("Les teves dades");
    expect(body).not.toContain("Elige uno o varios servicios");
    expect(html).toContain('action="/ca/reserva#paso"');
    expect(alternates(html)).toEqual({ es: "/reservar", ca: "/ca/reserva", "x-default": "/reservar" });
    expect(html).toMatch(/<title>Reserva la teva cita/u);
    // The seeded menu in Catalan, not one service in Spanish ("Pedicura completa" is both).
    for (const s of seedServices) {
      expect(names(body, s.nameCa), s.nameCa).toBe(true);
      if (s.name !== s.nameCa) expect(names(body, s.name), s.name).toBe(false);
      expect(body).not.toContain(s.description);
    }
  });

  it("asks who in Catalan once a service is chosen", async () => {
    const { status, html } = await page("/ca/reserva?servicio=semipermanente");
    expect(status).toBe(200);
    const body = text(html);
    expect(body).toContain("Amb qui?");
    expect(body).toContain("Qualsevol professional");
    expect(body).toContain("Mostra les hores lliures");
    expect(body).toContain("Canvia els serveis");
    expect(body).not.toContain("¿Con quién?");
    expect(html).toContain('href="/ca/reserva#paso"');
  });

  it("shows the days in Catalan on the time step", async () => {
    const { status, html } = await page(timeStep("/ca/reserva"));
    expect(status).toBe(200);
    const body = text(html);
    expect(body).toContain("Tria el dia");
    expect(body).toMatch(CATALAN_WEEKDAYS);
    expect(body).toMatch(/Hores lliures el (dilluns|dimarts|dimecres|dijous|divendres|dissabte|diumenge), \d/u);
    expect(body).not.toMatch(SPANISH_WEEKDAYS);
    expect(body).not.toContain("Elige el día");
  });

  it("asks for her details in Catalan and books to the Catalan pending page", async () => {
    const details = await catalanDetailsStep();
    const { status, html } = await page(details);
    expect(status).toBe(200);
    const body = text(html);
    expect(body).toContain("Les teves dades");
    expect(body).toContain("Nom i cognoms");
    expect(body).toContain("Correu electrònic");
    expect(body).toContain("Mòbil");
    expect(body).toMatch(/Comentari \( ?opcional ?\)/u);
    expect(body).toContain("política de privacitat");
    expect(body).toMatch(CATALAN_WEEKDAYS);
    expect(html).toContain('href="/ca/privacitat"');

    // An invalid form comes back in Catalan.
    const invalid = await fetch(srv.url + details, {
      method: "POST",
      headers: { origin: srv.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ nombre: "N", email: "no", telefono: "1", acepto: "on" }),
    });
    expect(invalid.status).toBe(400);
    const invalidBody = text(await invalid.text());
    expect(invalidBody).toContain("Escriu el teu nom (entre 2 i 100 caràcters).");
    expect(invalidBody).toContain("Escriu un mòbil vàlid");

    const res = await fetch(srv.url + details, {
      method: "POST",
      redirect: "manual",
      headers: { origin: srv.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        nombre: "Núria Comprovació",
        email: "comprovacio-catala@example.com",
        telefono: `6${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
        comentario: "",
        acepto: "on",
      }),
    });
    expect(res.status).toBe(302);
    const landing = res.headers.get("location") ?? "";
    expect(landing).toMatch(/^\/ca\/reserva\/pendent\?cita=[0-9a-f-]{36}$/u);
    const pending = await page(landing);
    expect(pending.status).toBe(200);
    expect(pending.html).toMatch(/<html[^>]*lang="ca"/u);
    const pendingBody = text(pending.html);
    expect(pendingBody).toContain("Revisa el teu correu per confirmar");
    expect(pendingBody).toContain("Quan");
    expect(pendingBody).toMatch(CATALAN_WEEKDAYS);
    expect(pendingBody).toContain("Pendent de confirmar");
    expect(pendingBody).not.toContain("Revisa tu correo");
  });

  it("answers an unknown link with the Catalan 404 page", async () => {
    for (const path of ["/ca/reserva/confirmar/enllac-que-no-existeix", "/ca/cita/enllac-que-no-existeix"]) {
      const { status, html } = await page(path);
      expect(status).toBe(404);
      expect(html).toMatch(/<html[^>]*lang="ca"/u);
    }
  });
});

describe("the booking in Spanish", () => {
  it("keeps /reservar and its steps in Spanish", async () => {
    const start = await page("/reservar");
    expect(start.status).toBe(200);
    expect(start.html).toMatch(/<html[^>]*lang="es"/u);
    expect(text(start.html)).toContain("Elige uno o varios servicios");
    for (const s of seedServices) {
      expect(names(text(start.html), s.name), s.name).toBe(true);
      if (s.name !== s.nameCa) expect(names(text(start.html), s.nameCa), s.nameCa).toBe(false);
    }
    expect(start.html).toContain('action="/reservar#paso"');
    expect(alternates(start.html)).toEqual({ es: "/reservar", ca: "/ca/reserva", "x-default": "/reservar" });

    const days = await page(timeStep("/reservar"));
    const body = text(days.html);
    expect(body).toContain("Elige el día");
    expect(body).toMatch(SPANISH_WEEKDAYS);
    expect(body).not.toMatch(CATALAN_WEEKDAYS);
  });
});
