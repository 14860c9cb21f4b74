/**
 * The course catalogue and the service menu in Catalan (issue 34, item 2) over
 * HTTP against the production build (`npm run build` first): /ca/formacions,
 * a course page and /ca/serveis answer in Catalan with the Catalan words of the
 * page, a course's Catalan texts (the seed's, or the ones the staff wrote) and
 * its Spanish ones where it has none (with no notice to the visitor), links to
 * Catalan pages and the hreflang alternates; the Spanish pages keep their words.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActiveServices } from "~/bookings/menu.server.ts";
import { listCourses } from "~/catalogue/queries.server.ts";
import { catalogueSeedCourses } from "~/db/seed-courses.server.ts";
import { seedServices } from "~/db/seed-services.server.ts";
import type { Course } from "~/domain/course.ts";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

let t: TestDb;
let srv: RunningServer;
let translated: Course;
let untranslated: Course;
/** The courses left with the seed's Catalan texts. */
let seeded: Course[];
let serviceName: string;

beforeAll(async () => {
  t = await createTestDb("sqlite");
  const port: Record<string, string> = process.env.PORT ? { PORT: process.env.PORT } : {};
  srv = await startServer({ DATABASE_URL: t.url, LOG_LEVEL: "warn", ...port });
  // The server seeds from today: the courses it lists are the ones read here.
  [translated, untranslated, ...seeded] = (await listCourses(t.db)) as [Course, Course, ...Course[]];
  await t.db
    .updateTable("courses")
    .set({
      title_ca: "Curs de manicura per començar",
      description_ca: "Aprèn les bases de l’ofici amb nosaltres.",
      features_ca: JSON.stringify(["Preparació de l’ungla natural"]),
    })
    .where("id", "=", translated.id)
    .execute();
  // A course without Catalan texts (as one the salon adds and has not translated yet).
  await t.db
    .updateTable("courses")
    .set({ title_ca: null, description_ca: null, level_ca: null, duration_ca: null, features_ca: null })
    .where("id", "=", untranslated.id)
    .execute();
  await t.db
    .updateTable("course_editions")
    .set({ schedule_ca: null })
    .where("course_id", "=", untranslated.id)
    .execute();
  const [service] = await listActiveServices(t.db);
  await t.db
    .updateTable("services")
    .set({ name_ca: "Servei de prova en català" })
    .where("id", "=", service!.id)
    .execute();
  serviceName = service!.name;
}, 90_000);
afterAll(async () => {
  await srv?.stop();
  await t?.cleanup();
});

async function get(path: string) {
  const res = await fetch(`${srv.url}${path}`, { redirect: "manual" });
  return { status: res.status, html: await res.text() };
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/gu, " ")
    .replace(/&#x27;/gu, "'")
    .replace(/&amp;/gu, "&")
    .replace(/&quot;/gu, '"')
    .replace(/\s+/gu, " ")
    .trim();

/** The `<link rel="alternate" hreflang>` tags of a page, as hreflang → absolute URL. */
function alternates(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const tag of html.match(/<link[^>]*rel="alternate"[^>]*>/gu) ?? []) {
    const lang = /hreflang="([^"]+)"/iu.exec(tag);
    const href = /href="([^"]+)"/u.exec(tag);
    if (lang && href) found[lang[1]!] = href[1]!;
  }
  return found;
}

describe("the catalogue in Catalan", () => {
  it("/ca/formacions speaks Catalan, filters in Catalan and links to Catalan course pages", async () => {
    const { status, html } = await get("/ca/formacions");
    expect(status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="ca"/u);
    const body = text(html);
    expect(body).toContain("Formacions d’ungles");
    expect(body).toContain("Els nostres cursos");
    expect(body).toContain("Per què formar-te amb nosaltres");
    expect(body).toContain("Nivell iniciació");
    expect(body).toContain("Més informació");
    expect(body).not.toContain("Nuestros cursos");
    expect(body).not.toContain("Más información");
    // The translated course in Catalan, the other one in Spanish, and no notice to the visitor.
    expect(body).toContain("Curs de manicura per començar");
    expect(body).toContain(untranslated.title);
    expect(body).not.toContain("Sin texto en catalán");
    expect(html).toContain(`href="/ca/formacions/${translated.id}"`);
    expect(html).toContain('href="/ca/formacions?categoria=iniciacion"');
    expect(alternates(html)).toMatchObject({
      es: `${srv.url}/formaciones`,
      ca: `${srv.url}/ca/formacions`,
    });
  });

  it("a course page shows its Catalan texts, Catalan dates and the add-to-cart form", async () => {
    const { status, html } = await get(`/ca/formacions/${translated.id}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="ca"/u);
    const body = text(html);
    expect(body).toContain("Curs de manicura per començar");
    expect(body).toContain("Aprèn les bases de l’ofici amb nosaltres.");
    expect(body).toContain("Preparació de l’ungla natural");
    expect(body).toContain("Què aprendràs");
    expect(body).toContain("Properes convocatòries");
    expect(body).not.toContain("Qué aprenderás");
    // Dates in Catalan: a weekday and a month of the Catalan calendar.
    expect(body).toMatch(
      /Des del (dilluns|dimarts|dimecres|dijous|divendres|dissabte|diumenge), \d+ de gener de 2027 fins al /u,
    );
    expect(html).toMatch(/<form[^>]*action="\/ca\/cistella"/u);
    expect(alternates(html)).toMatchObject({
      es: `${srv.url}/formaciones/${translated.id}`,
      ca: `${srv.url}/ca/formacions/${translated.id}`,
    });
  });

  it("a course without Catalan texts shows its Spanish title on the Catalan page", async () => {
    const { status, html } = await get(`/ca/formacions/${untranslated.id}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="ca"/u);
    const body = text(html);
    expect(body).toContain(untranslated.title);
    expect(body).toContain("Què aprendràs");
    expect(body).not.toContain("Sin texto en catalán");
  });

  it("the seeded courses read in Catalan on the list and on their pages, with no Spanish text of theirs left", async () => {
    expect(seeded.length).toBeGreaterThan(0);
    const list = text((await get("/ca/formacions")).html);
    for (const course of seeded) {
      const data = catalogueSeedCourses.find((c) => c.id === course.id)!;
      expect(list).toContain(data.title_ca);
      if (data.title !== data.title_ca) expect(list).not.toContain(data.title);
      expect(list).not.toContain(data.description);

      const { status, html } = await get(`/ca/formacions/${course.id}`);
      expect(status).toBe(200);
      const page = text(html);
      for (const catalan of [
        data.title_ca,
        data.description_ca,
        data.level_ca,
        data.duration_ca,
        ...data.features_ca,
      ]) {
        expect(page).toContain(catalan);
      }
      expect(page).toContain(data.editions.schedule_ca);
      for (const spanish of [data.description, data.duration, data.editions.schedule, ...data.features]) {
        expect(page).not.toContain(spanish);
      }
    }
  });

  it("/ca/serveis speaks Catalan with the Catalan name where written", async () => {
    const { status, html } = await get("/ca/serveis");
    expect(status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="ca"/u);
    const body = text(html);
    expect(body).toContain("Serveis i preus");
    expect(body).toContain("Mans");
    expect(body).toContain("No saps què triar?");
    expect(body).toContain("Servei de prova en català");
    expect(body).not.toContain(serviceName);
    expect(body).not.toContain("¿No sabes qué elegir?");
    // The other services with the seed's Catalan texts.
    for (const s of seedServices.filter((x) => x.name !== serviceName)) {
      expect(body).toContain(s.nameCa);
      expect(body).toContain(s.descriptionCa);
      if (s.name !== s.nameCa) expect(body).not.toContain(s.name);
      expect(body).not.toContain(s.description);
    }
    expect(html).toContain('href="/ca/equip"');
    expect(alternates(html)).toMatchObject({ es: `${srv.url}/servicios`, ca: `${srv.url}/ca/serveis` });
  });

  it("the Spanish pages keep their Spanish words and texts", async () => {
    const list = text((await get("/formaciones")).html);
    expect(list).toContain("Nuestros cursos");
    expect(list).toContain(translated.title);
    expect(list).not.toContain("Curs de manicura per començar");
    for (const course of seeded) {
      const data = catalogueSeedCourses.find((c) => c.id === course.id)!;
      expect(list).toContain(data.title);
      if (data.title !== data.title_ca) expect(list).not.toContain(data.title_ca);
    }
    const course = await get(`/formaciones/${translated.id}`);
    expect(course.html).toMatch(/<html[^>]*lang="es"/u);
    expect(text(course.html)).toContain("Qué aprenderás");
    expect(text(course.html)).toContain(translated.title);
    const services = text((await get("/servicios")).html);
    expect(services).toContain("Servicios y precios");
    expect(services).toContain(serviceName);
    expect(services).toContain("¿No sabes qué elegir?");
    for (const s of seedServices) {
      expect(services).toContain(s.name);
      expect(services).not.toContain(s.descriptionCa);
    }
  });
});
