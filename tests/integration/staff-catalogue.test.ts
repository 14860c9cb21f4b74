/**
 * The back office's catalogue (/gestion/cursos…), through its actions and loaders
 * as React Router calls them (the staff middleware's user already in context), on
 * SQLite and PostgreSQL: writes with their audit rows, validation, the slug lock,
 * seats against seats taken, the cancel confirmation, and the public reads after.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "~/auth/session.server.ts";
import { userContext } from "~/auth/user-context.server.ts";
import { getCourse, listCourses, listUpcomingEditions } from "~/catalogue/queries.server.ts";
import type { Db } from "~/db/db.server.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import { getStaffEdition, listStaffCourses } from "~/catalogue/staff-queries.server.ts";
import {
  cancelEditionAction,
  editionAction,
  loadCancelPage,
  newEditionAction,
} from "~/routes/gestion.cursos.convocatoria.server.ts";
import { loadStaffCoursePage, staffCourseAction } from "~/routes/gestion.cursos.curso.server.ts";
import { newCourseAction } from "~/routes/gestion.cursos.nuevo.server.ts";
import { makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

const BASE = "http://localhost:3999/gestion/cursos";
const TODAY = "2026-11-23";

const courseForm = {
  id: "unas-esculpidas",
  title: "Uñas esculpidas",
  category: "profesional",
  level: "Profesional",
  description: "Esculpido en gel y acrílico, de cero a profesional.",
  features: "Preparación\nEsculpido en molde\nAcabados",
  price: "450",
  originalPrice: "",
  duration: "30 horas",
  classSize: "10",
};

function post(url: string, fields: Record<string, string>): Request {
  return new Request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Runs an action; a thrown redirect or error response comes back as the Response. */
async function run<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const d = thrown as { type?: string; init?: { status?: number }; data?: unknown };
    if (d?.type === "DataWithResponseInit") return new Response(JSON.stringify(d.data), { status: d.init?.status });
    throw thrown;
  }
}

/** The status and body of what an action returned (a `data()` value or a Response). */
function outcome(value: unknown): { status: number; location?: string | null; body?: unknown } {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location") };
  const d = value as { type?: string; init?: { status?: number } | null; data?: unknown };
  if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, body: d.data };
  return { status: 200, body: value };
}

async function auditRows(db: Db, entityId: string) {
  return db
    .selectFrom("audit_log")
    .select(["action", "actor_email", "before_json", "after_json"])
    .where("entity_id", "=", entityId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

describe.each(dbKinds)("staff catalogue on %s", (kind) => {
  let t: TestDb;
  let staff: AuthUser;
  const ctx = () => {
    const { context } = makeContext(t.db, kind);
    context.set(userContext, staff);
    return context;
  };

  beforeAll(async () => {
    t = await createTestDb(kind);
    const { id, email } = await makeUser(t.db, "equipo@example.com");
    await t.db.updateTable("users").set({ role: "staff" }).where("id", "=", id).execute();
    staff = {
      id,
      email,
      displayName: "Equipo",
      firstName: "Eva",
      lastName: "Equipo",
      phone: "",
      emailVerified: true,
      role: "staff",
      secondFactor: true,
    };
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("creates an unpublished course, refusing bad fields in Spanish and a taken slug", async () => {
    const bad = outcome(
      await run(() => newCourseAction(post(`${BASE}/nuevo`, { ...courseForm, price: "12,345", id: "Mal Id" }), ctx())),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errors: {
        price: "El importe admite como mucho dos decimales",
        id: "Usa solo minúsculas sin acentos, números y guiones (por ejemplo: unas-acrilicas)",
      },
      values: { title: "Uñas esculpidas" },
    });

    const created = outcome(await run(() => newCourseAction(post(`${BASE}/nuevo`, courseForm), ctx())));
    expect(created).toMatchObject({ status: 302, location: "/gestion/cursos/unas-esculpidas?aviso=creado" });
    const taken = outcome(await run(() => newCourseAction(post(`${BASE}/nuevo`, courseForm), ctx())));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ errors: { id: "Ya existe un curso con ese identificador; elige otro" } });

    // Not on the public site until published; listed for the staff.
    expect(await getCourse(t.db, "unas-esculpidas")).toBeNull();
    const staffList = await listStaffCourses(t.db, TODAY);
    expect(staffList.find((c) => c.id === "unas-esculpidas")).toMatchObject({ published: false, priceCents: 45000 });

    const [audit] = await auditRows(t.db, "unas-esculpidas");
    expect(audit).toMatchObject({ action: "course.create", actor_email: "equipo@example.com", before_json: null });
    expect(JSON.parse(audit.after_json!)).toMatchObject({
      id: "unas-esculpidas",
      priceCents: 45000,
      features: ["Preparación", "Esculpido en molde", "Acabados"],
      published: false,
    });
  });

  it("edits, publishes and unpublishes with one audit row each; the public reads see it at once", async () => {
    const id = "unas-esculpidas";
    const saved = outcome(
      await run(() =>
        staffCourseAction(
          post(`${BASE}/${id}`, {
            ...courseForm,
            intent: "save",
            price: "1.250,50",
            originalPrice: "1.500",
            highlighted: "on",
          }),
          ctx(),
          id,
        ),
      ),
    );
    expect(saved).toMatchObject({ status: 302, location: `/gestion/cursos/${id}?aviso=guardado` });
    const below = outcome(
      await run(() =>
        staffCourseAction(post(`${BASE}/${id}`, { ...courseForm, intent: "save", originalPrice: "100" }), ctx(), id),
      ),
    );
    expect(below.status).toBe(400);
    expect(below.body).toMatchObject({
      errors: { originalPrice: "El precio original debe ser igual o mayor que el precio (o déjalo vacío)" },
    });

    expect(
      outcome(await run(() => staffCourseAction(post(`${BASE}/${id}`, { intent: "publish" }), ctx(), id))),
    ).toMatchObject({
      status: 302,
      location: `/gestion/cursos/${id}?aviso=publicado`,
    });
    const live = await getCourse(t.db, id);
    expect(live).toMatchObject({ priceCents: 125050, originalPriceCents: 150000, highlighted: true, active: true });
    expect((await listCourses(t.db)).map((c) => c.id)).toContain(id);

    // Publishing twice changes nothing and writes no second row.
    await run(() => staffCourseAction(post(`${BASE}/${id}`, { intent: "publish" }), ctx(), id));
    await run(() => staffCourseAction(post(`${BASE}/${id}`, { intent: "unpublish" }), ctx(), id));
    expect(await getCourse(t.db, id)).toBeNull();

    const rows = await auditRows(t.db, id);
    expect(rows.map((r) => r.action)).toEqual(["course.create", "course.update", "course.publish", "course.unpublish"]);
    const update = rows[1];
    expect(JSON.parse(update.before_json!)).toMatchObject({
      priceCents: 45000,
      originalPriceCents: 0,
      highlighted: false,
    });
    expect(JSON.parse(update.after_json!)).toMatchObject({
      priceCents: 125050,
      originalPriceCents: 150000,
      highlighted: true,
    });
    expect(JSON.parse(rows[2].after_json!)).toEqual({ published: true });

    const page = await loadStaffCoursePage(new Request(`${BASE}/${id}?aviso=guardado`), ctx(), id);
    expect(page.values).toMatchObject({ price: "1250,50", originalPrice: "1500", highlighted: "on" });
    expect(page.notice).toBe("Cambios guardados. Ya se ven en la web.");
    await expect(run(() => loadStaffCoursePage(new Request(`${BASE}/nada`), ctx(), "nada"))).resolves.toMatchObject({
      status: 404,
    });
  });

  it("renames the slug (editions follow) while unsold, and locks it once an order line names it", async () => {
    await run(() => newCourseAction(post(`${BASE}/nuevo`, { ...courseForm, id: "borrador" }), ctx()));
    await run(() =>
      newEditionAction(
        post(`${BASE}/borrador/convocatorias/nueva`, { startsOn: "2027-03-01", seats: "8" }),
        ctx(),
        "borrador",
      ),
    );
    const renamed = outcome(
      await run(() =>
        staffCourseAction(
          post(`${BASE}/borrador`, { ...courseForm, id: "gel-avanzado", intent: "save" }),
          ctx(),
          "borrador",
        ),
      ),
    );
    expect(renamed).toMatchObject({ status: 302, location: "/gestion/cursos/gel-avanzado?aviso=guardado" });
    const page = await loadStaffCoursePage(new Request(`${BASE}/gel-avanzado`), ctx(), "gel-avanzado");
    expect(page.editions).toHaveLength(1);
    expect(page.sold).toBe(false);

    const buyer = await makeUser(t.db, "compradora@example.com");
    const orderId = await insertPaidOrder(t.db, buyer.id, "gel-avanzado", null);
    expect(orderId).toBeTruthy();
    const locked = outcome(
      await run(() =>
        staffCourseAction(
          post(`${BASE}/gel-avanzado`, { ...courseForm, id: "otro-nombre", intent: "save" }),
          ctx(),
          "gel-avanzado",
        ),
      ),
    );
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({
      errors: { id: "Este curso ya se ha vendido: su identificador no se puede cambiar" },
    });
    expect((await loadStaffCoursePage(new Request(`${BASE}/gel-avanzado`), ctx(), "gel-avanzado")).sold).toBe(true);
    // Other fields still save.
    const ok = outcome(
      await run(() =>
        staffCourseAction(
          post(`${BASE}/gel-avanzado`, { ...courseForm, id: "gel-avanzado", price: "99", intent: "save" }),
          ctx(),
          "gel-avanzado",
        ),
      ),
    );
    expect(ok.status).toBe(302);
  });

  it("edits an edition; seats never go below seats taken, even after a purchase the form did not see", async () => {
    const courseId = "unas-esculpidas";
    const created = outcome(
      await run(() =>
        newEditionAction(
          post(`${BASE}/${courseId}/convocatorias/nueva`, {
            startsOn: "2027-04-05",
            endsOn: "2027-04-07",
            schedule: "Lunes a miércoles, 10:00–14:00",
            seats: "6",
          }),
          ctx(),
          courseId,
        ),
      ),
    );
    expect(created.status).toBe(302);
    const [edition] = await t.db.selectFrom("course_editions").selectAll().where("course_id", "=", courseId).execute();
    const url = `${BASE}/${courseId}/convocatorias/${edition.id}`;

    const endBefore = outcome(
      await run(() =>
        editionAction(
          post(url, { intent: "save", startsOn: "2027-04-05", endsOn: "2027-04-01", seats: "6" }),
          ctx(),
          courseId,
          edition.id,
        ),
      ),
    );
    expect(endBefore.status).toBe(400);
    expect(endBefore.body).toMatchObject({
      errors: { endsOn: "La fecha de fin no puede ser anterior a la de inicio" },
    });

    // Two seats sold; the staff opened the form then. A third sale lands before they save 2.
    await t.db.updateTable("course_editions").set({ seats_taken: 2 }).where("id", "=", edition.id).execute();
    await t.db
      .updateTable("course_editions")
      .set((eb) => ({ seats_taken: eb("seats_taken", "+", 1) }))
      .where("id", "=", edition.id)
      .execute();
    const refused = outcome(
      await run(() =>
        editionAction(
          post(url, { intent: "save", startsOn: "2027-04-05", endsOn: "2027-04-07", seats: "2" }),
          ctx(),
          courseId,
          edition.id,
        ),
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      errors: { seats: "Ya hay 3 plazas ocupadas: las plazas no pueden ser menos." },
    });
    expect((await getStaffEdition(t.db, courseId, edition.id))?.seats).toBe(6);

    const saved = outcome(
      await run(() =>
        editionAction(
          post(url, {
            intent: "save",
            startsOn: "2027-04-05",
            endsOn: "2027-04-07",
            schedule: "Sábados, 9:00–13:00",
            seats: "3",
          }),
          ctx(),
          courseId,
          edition.id,
        ),
      ),
    );
    expect(saved).toMatchObject({
      status: 302,
      location: `/gestion/cursos/${courseId}/convocatorias/${edition.id}?aviso=convocatoria-guardada`,
    });
    expect(await getStaffEdition(t.db, courseId, edition.id)).toMatchObject({
      seats: 3,
      seatsTaken: 3,
      schedule: "Sábados, 9:00–13:00",
    });

    // Close, reopen; the public list only shows open editions with seats (this one is full now).
    await run(() => editionAction(post(url, { intent: "close" }), ctx(), courseId, edition.id));
    expect((await getStaffEdition(t.db, courseId, edition.id))?.status).toBe("closed");
    const again = outcome(await run(() => editionAction(post(url, { intent: "close" }), ctx(), courseId, edition.id)));
    expect(again.status).toBe(409);
    await run(() => editionAction(post(url, { intent: "reopen" }), ctx(), courseId, edition.id));
    expect((await getStaffEdition(t.db, courseId, edition.id))?.status).toBe("open");
    // An edition id under another course is not found.
    await expect(
      run(() => editionAction(post(url, { intent: "close" }), ctx(), "gel-avanzado", edition.id)),
    ).resolves.toMatchObject({ status: 404 });

    const actions = (await auditRows(t.db, edition.id)).map((r) => r.action);
    expect(actions).toEqual(["edition.create", "edition.update", "edition.close", "edition.reopen"]);
  });

  it("lists the students to contact before cancelling, then cancels with an audit row", async () => {
    const courseId = "unas-esculpidas";
    await run(() => staffCourseAction(post(`${BASE}/${courseId}`, { intent: "publish" }), ctx(), courseId));
    await run(() =>
      newEditionAction(
        post(`${BASE}/${courseId}/convocatorias/nueva`, { startsOn: "2027-05-10", seats: "10", schedule: "Martes" }),
        ctx(),
        courseId,
      ),
    );
    const edition = (await listUpcomingEditions(t.db, courseId, { today: TODAY })).find(
      (e) => e.startsOn === "2027-05-10",
    )!;
    expect(edition.schedule).toBe("Martes");
    const student = await makeUser(t.db, "lucia@example.com");
    await t.db
      .updateTable("users")
      .set({ first_name: "Lucía", last_name: "Martín", phone: "611 222 333" })
      .where("id", "=", student.id)
      .execute();
    const orderId = await insertPaidOrder(t.db, student.id, courseId, edition.id);
    await t.db
      .insertInto("enrollments")
      .values({
        id: newId(),
        user_id: student.id,
        course_id: courseId,
        order_id: orderId,
        edition_id: edition.id,
        enrolled_at: nowIso(),
        access_until: "2028-01-01T00:00:00.000Z",
        ended_at: null,
        end_reason: null,
      })
      .execute();

    const page = await loadCancelPage(ctx(), courseId, edition.id);
    expect(page.students).toEqual([{ name: "Lucía Martín", email: "lucia@example.com", phone: "611 222 333" }]);

    const url = `${BASE}/${courseId}/convocatorias/${edition.id}/cancelar`;
    const unconfirmed = outcome(await run(() => cancelEditionAction(post(url, {}), ctx(), courseId, edition.id)));
    expect(unconfirmed.status).toBe(400);
    expect((await getStaffEdition(t.db, courseId, edition.id))?.status).toBe("open");

    const cancelled = outcome(
      await run(() => cancelEditionAction(post(url, { confirm: "yes" }), ctx(), courseId, edition.id)),
    );
    expect(cancelled.status).toBe(302);
    expect(await getStaffEdition(t.db, courseId, edition.id)).toMatchObject({
      status: "cancelled",
      cancelledAt: expect.any(String),
    });
    expect((await listUpcomingEditions(t.db, courseId, { today: TODAY })).map((e) => e.id)).not.toContain(edition.id);
    const twice = outcome(
      await run(() => cancelEditionAction(post(url, { confirm: "yes" }), ctx(), courseId, edition.id)),
    );
    expect(twice.status).toBe(409);
    const edit = outcome(
      await run(() =>
        editionAction(
          post(`${BASE}/${courseId}/convocatorias/${edition.id}`, {
            intent: "save",
            startsOn: "2027-05-10",
            seats: "10",
          }),
          ctx(),
          courseId,
          edition.id,
        ),
      ),
    );
    expect(edit.status).toBe(409);
    const rows = await auditRows(t.db, edition.id);
    expect(rows.map((r) => r.action)).toEqual(["edition.create", "edition.cancel"]);
    expect(JSON.parse(rows[1].before_json!)).toMatchObject({ status: "open" });
    expect(JSON.parse(rows[1].after_json!)).toMatchObject({ status: "cancelled" });
  });
});

/** A paid order with one line for the course (as checkout and the webhook leave it). */
async function insertPaidOrder(db: Db, userId: string, courseId: string, editionId: string | null): Promise<string> {
  const orderId = newId();
  const now = nowIso();
  await db
    .insertInto("orders")
    .values({
      id: orderId,
      user_id: userId,
      email: null,
      status: "paid",
      total_cents: 45000,
      currency: "eur",
      payment_method: "card",
      provider: "demo",
      provider_session_id: null,
      withdrawal_waiver_at: now,
      created_at: now,
      updated_at: now,
      paid_at: now,
      checkout_key: null,
      checkout_completed_at: now,
      confirmation_sent_at: null,
    })
    .execute();
  await db
    .insertInto("order_items")
    .values({
      id: newId(),
      order_id: orderId,
      course_id: courseId,
      edition_id: editionId,
      title: "Curso",
      price_cents: 45000,
      edition_starts_on: null,
      edition_ends_on: null,
    })
    .execute();
  return orderId;
}
