/**
 * The Catalan texts the staff write in Gestión (issue 34) over HTTP against the
 * production build (`npm run build` first; BUILD_DIR picks another build
 * folder), on SQLite and PostgreSQL: a service's Catalan name and description
 * and an edition's Catalan schedule are saved from their forms, audited, shown
 * on the Catalan pages (/ca/serveis, /ca/reserva, /ca/formacions/:id) while the
 * Spanish pages keep the Spanish text; Gestión's services list marks the
 * services still without them. The seed wrote Catalan texts of its own, which
 * the staff's replace. PORT_BASE confines the server to a port.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import type { Db } from "~/db/db.server.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import { seedServices } from "~/db/seed-services.server.ts";
import { centsToEurosInput } from "~/domain/euros.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

const SERVICE = "semipermanente";
const SEEDED = seedServices.find((s) => s.id === SERVICE)!;
const NAME_CA = "Manicura amb esmalt de llarga durada";
const DESCRIPTION_CA = "Manicura completa amb esmalt que dura fins a tres setmanes.";
const SCHEDULE_ES = "Martes y jueves, 16:00–20:00";
const SCHEDULE_CA = "Dimarts i dijous, 16:00–20:00";

async function auditOf(db: Db, action: string, entityId: string) {
  const rows = await db
    .selectFrom("audit_log")
    .select(["actor_email", "before_json", "after_json"])
    .where("action", "=", action)
    .where("entity_id", "=", entityId)
    .execute();
  expect(rows).toHaveLength(1);
  const [row] = rows;
  return {
    actor: row!.actor_email,
    before: row!.before_json ? (JSON.parse(row!.before_json) as Record<string, unknown>) : null,
    after: JSON.parse(row!.after_json!) as Record<string, unknown>,
  };
}

describe.each(dbKinds)("Catalan texts written in Gestión, over HTTP on %s", (kind) => {
  let t: TestDb;
  let srv: RunningServer;
  let cookie: string;
  let courseId: string;

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${srv.url}${path}`, { headers });
    return { status: res.status, html: await res.text() };
  };
  const post = (path: string, form: URLSearchParams) =>
    fetch(`${srv.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: srv.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });

  beforeAll(async () => {
    t = await createTestDb(kind);
    const staff = await makeUser(t.db, "catala-http@example.com");
    await t.db.updateTable("users").set({ role: "staff" }).where("id", "=", staff.id).execute();
    cookie = `an_session=${await insertSession(t.db, staff.id, new Date(), { secondFactor: true })}`;
    srv = await startServer({
      DATABASE_URL: t.url,
      LOG_LEVEL: "warn",
      ...(process.env.PORT_BASE ? { PORT: process.env.PORT_BASE } : {}),
    });
    courseId = (
      await t.db
        .selectFrom("courses")
        .select("id")
        .where("active", "=", 1)
        .orderBy("sort_order")
        .executeTakeFirstOrThrow()
    ).id;
  }, 90_000);
  afterAll(async () => {
    await srv?.stop();
    await t?.cleanup();
  });

  it("saves a service's Catalan name and description from its form, audited", async () => {
    const row = await t.db.selectFrom("services").selectAll().where("id", "=", SERVICE).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name_ca: SEEDED.nameCa, description_ca: SEEDED.descriptionCa });
    const links = await t.db
      .selectFrom("professional_services")
      .select("professional_id")
      .where("service_id", "=", SERVICE)
      .execute();
    const form = new URLSearchParams({
      name: row.name,
      category: row.category,
      description: row.description,
      duration: String(row.duration_min),
      buffer: String(row.buffer_min),
      price: centsToEurosInput(Number(row.price_cents)),
      deposit: row.deposit_cents ? centsToEurosInput(Number(row.deposit_cents)) : "",
      ...(Number(row.price_from) === 1 ? { priceFrom: "on" } : {}),
      ...(Number(row.bookable_online) === 1 ? { bookableOnline: "on" } : {}),
      active: "on",
      nameCa: `  ${NAME_CA} `,
      descriptionCa: DESCRIPTION_CA,
    });
    for (const l of links) form.append("professionals", l.professional_id);

    // Too long: refused under the field, nothing saved.
    const refused = await post(
      `/gestion/servicios/${SERVICE}`,
      new URLSearchParams({ ...Object.fromEntries(form), nameCa: "x".repeat(81) }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("El nombre admite como mucho 80 caracteres");

    const res = await post(`/gestion/servicios/${SERVICE}`, form);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/gestion/servicios/${SERVICE}?aviso=servicio-guardado`);
    const saved = await t.db
      .selectFrom("services")
      .select(["name", "name_ca", "description_ca"])
      .where("id", "=", SERVICE)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ name: row.name, name_ca: NAME_CA, description_ca: DESCRIPTION_CA });

    const audit = await auditOf(t.db, "service.update", SERVICE);
    expect(audit.actor).toBe("catala-http@example.com");
    expect(audit.before).toMatchObject({ nameCa: SEEDED.nameCa, descriptionCa: SEEDED.descriptionCa });
    expect(audit.after).toMatchObject({ name: row.name, nameCa: NAME_CA, descriptionCa: DESCRIPTION_CA });

    const editor = await get(`/gestion/servicios/${SERVICE}`, { cookie });
    expect(editor.html).toMatch(
      new RegExp(`id="f-nameCa"[^>]*value="${NAME_CA}"|value="${NAME_CA}"[^>]*id="f-nameCa"`, "u"),
    );
  });

  it("marks in Gestión's list the services still without Catalan texts, not the translated one", async () => {
    // A service whose Catalan texts are gone (the staff emptied them).
    await t.db
      .updateTable("services")
      .set({ name_ca: null, description_ca: null })
      .where("id", "=", "manicura")
      .execute();
    const { html } = await get("/gestion/servicios", { cookie });
    const rowOf = (id: string) =>
      new RegExp(`<th scope="row"><a href="/gestion/servicios/${id}"[\\s\\S]*?</th>`, "u").exec(html)?.[0];
    expect(rowOf(SERVICE)).toBeDefined();
    expect(rowOf(SERVICE)).not.toContain("Sin texto en catalán");
    expect(rowOf("manicura")).toContain("Sin texto en catalán");
  });

  it("shows the service's Catalan texts on /ca/serveis and /ca/reserva, the Spanish ones on the Spanish pages", async () => {
    const spanishName = (
      await t.db.selectFrom("services").select("name").where("id", "=", SERVICE).executeTakeFirstOrThrow()
    ).name;

    const menuCa = await get("/ca/serveis");
    expect(menuCa.status).toBe(200);
    expect(menuCa.html).toContain(NAME_CA);
    expect(menuCa.html).toContain(DESCRIPTION_CA);
    expect(menuCa.html).not.toContain(`>${spanishName}<`);
    const menuEs = await get("/servicios");
    expect(menuEs.html).toContain(`>${spanishName}<`);
    expect(menuEs.html).not.toContain(NAME_CA);

    const bookCa = await get("/ca/reserva");
    expect(bookCa.status).toBe(200);
    expect(bookCa.html).toContain(`<strong>${NAME_CA}</strong>`);
    expect(bookCa.html).not.toContain(`<strong>${spanishName}</strong>`);
    // The next steps name what was chosen in the page's language too.
    const chosenCa = await get(`/ca/reserva?servicio=${SERVICE}`);
    expect(chosenCa.status).toBe(200);
    expect(chosenCa.html).toContain(NAME_CA);
    expect(chosenCa.html).not.toContain(spanishName);

    const bookEs = await get("/reservar");
    expect(bookEs.html).toContain(`<strong>${spanishName}</strong>`);
    expect(bookEs.html).not.toContain(NAME_CA);
    const chosenEs = await get(`/reservar?servicio=${SERVICE}`);
    expect(chosenEs.html).toContain(spanishName);
    expect(chosenEs.html).not.toContain(NAME_CA);
  });

  it("saves an edition's Catalan schedule from the new and the edit forms, audited, shown on /ca/formacions", async () => {
    const startsOn = addDays(madridDate(), 75);
    const fields = { startsOn, endsOn: addDays(startsOn, 2), schedule: SCHEDULE_ES, seats: "8" };

    const created = await post(
      `/gestion/cursos/${courseId}/convocatorias/nueva`,
      new URLSearchParams({ ...fields, scheduleCa: "Dimarts, 16:00–20:00" }),
    );
    expect(created.status).toBe(302);
    const edition = await t.db
      .selectFrom("course_editions")
      .select(["id", "schedule", "schedule_ca"])
      .where("course_id", "=", courseId)
      .where("starts_on", "=", startsOn)
      .executeTakeFirstOrThrow();
    expect(edition).toMatchObject({ schedule: SCHEDULE_ES, schedule_ca: "Dimarts, 16:00–20:00" });
    expect((await auditOf(t.db, "edition.create", edition.id)).after).toMatchObject({
      schedule: SCHEDULE_ES,
      scheduleCa: "Dimarts, 16:00–20:00",
    });

    const here = `/gestion/cursos/${courseId}/convocatorias/${edition.id}`;
    const editor = await get(here, { cookie });
    expect(editor.html).toContain('id="f-scheduleCa"');
    expect(editor.html).toContain('value="Dimarts, 16:00–20:00"');

    const tooLong = await post(here, new URLSearchParams({ intent: "save", ...fields, scheduleCa: "x".repeat(201) }));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("El horario admite como mucho 200 caracteres");

    const saved = await post(here, new URLSearchParams({ intent: "save", ...fields, scheduleCa: SCHEDULE_CA }));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`${here}?aviso=convocatoria-guardada`);
    const row = await t.db
      .selectFrom("course_editions")
      .select("schedule_ca")
      .where("id", "=", edition.id)
      .executeTakeFirstOrThrow();
    expect(row.schedule_ca).toBe(SCHEDULE_CA);
    const audit = await auditOf(t.db, "edition.update", edition.id);
    expect(audit.before).toMatchObject({ scheduleCa: "Dimarts, 16:00–20:00" });
    expect(audit.after).toMatchObject({ schedule: SCHEDULE_ES, scheduleCa: SCHEDULE_CA });

    const pageCa = await get(`/ca/formacions/${courseId}`);
    expect(pageCa.status).toBe(200);
    expect(pageCa.html).toContain(SCHEDULE_CA);
    expect(pageCa.html).not.toContain(SCHEDULE_ES);
    const pageEs = await get(`/formaciones/${courseId}`);
    expect(pageEs.html).toContain(SCHEDULE_ES);
    expect(pageEs.html).not.toContain(SCHEDULE_CA);

    // Emptied: not translated any more, the Catalan page falls back to the Spanish text.
    const emptied = await post(here, new URLSearchParams({ intent: "save", ...fields, scheduleCa: "" }));
    expect(emptied.status).toBe(302);
    expect(
      (
        await t.db
          .selectFrom("course_editions")
          .select("schedule_ca")
          .where("id", "=", edition.id)
          .executeTakeFirstOrThrow()
      ).schedule_ca,
    ).toBeNull();
    expect((await get(`/ca/formacions/${courseId}`)).html).toContain(SCHEDULE_ES);
  });
});
