/**
 * /gestion/convocatorias and each edition's students on SQLite and PostgreSQL:
 * the edition list (upcoming first, by course), the attendee list (active and
 * ended apart, marketing consent, only that edition) and its CSV.
 */
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as attendeesCsvLoader } from "~/routes/gestion.convocatorias.alumnos-csv.ts";
import { loadEditionAttendees } from "~/routes/gestion.convocatorias.alumnos.server.ts";
import { loadEditionList } from "~/routes/gestion.convocatorias.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { insertCourse, insertEdition, insertOrder, payOrder, staffContext, statusOf } from "./staff-orders-fixtures.ts";

const GEL = { id: "st2-gel", title: "Uñas de gel" };
const NAIL = { id: "st2-nail-art", title: "Nail art" };
const UP = {
  id: "st2-gel-up",
  courseId: GEL.id,
  startsOn: "2099-03-01",
  endsOn: "2099-03-03",
  seats: 8,
  schedule: "Lunes a miércoles, 10:00–14:00",
};
const LATER = { id: "st2-gel-later", courseId: GEL.id, startsOn: "2099-04-01", seats: 6 };
const PAST = { id: "st2-gel-past", courseId: GEL.id, startsOn: "2020-05-01", endsOn: "2020-05-02" };
const ART = { id: "st2-art-up", courseId: NAIL.id, startsOn: "2099-02-01", seats: 5 };

describe.each(dbKinds)("staff attendees on %s", (kind) => {
  let t: TestDb;
  let context: Readonly<RouterContextProvider>;
  const orders: Record<string, string> = {};

  const line = (edition: { id: string; courseId: string; startsOn: string }, title: string) => ({
    courseId: edition.courseId,
    title,
    priceCents: 30000,
    editionId: edition.id,
    startsOn: edition.startsOn,
  });

  beforeAll(async () => {
    t = await createTestDb(kind);
    await insertCourse(t.db, GEL.id, GEL.title, 30000);
    await insertCourse(t.db, NAIL.id, NAIL.title, 30000);
    for (const e of [UP, LATER, PAST, ART]) await insertEdition(t.db, e);
    const zoe = await insertBuyer(t.db, { prefix: "zoe", firstName: "Zoe", lastName: "Ñúñez" });
    const ana = await insertBuyer(t.db, { prefix: "ana", firstName: "Ana", lastName: "Álvarez" });
    const carla = await insertBuyer(t.db, { prefix: "carla", firstName: "Carla", lastName: "Bosch" });
    const berta = await insertBuyer(t.db, { prefix: "berta", firstName: "Berta", lastName: "Arias" });
    await t.db.updateTable("users").set({ phone: "+34 600 111 222" }).where("id", "=", zoe.id).execute();
    await t.db
      .insertInto("user_settings")
      .values({
        user_id: zoe.id,
        course_emails: 1,
        newsletter: 1,
        newsletter_consent_at: "2027-01-05T10:00:00.000Z",
        updated_at: "2027-01-05T10:00:00.000Z",
      })
      .execute();
    for (const [name, user, edition, title] of [
      ["zoe", zoe, UP, GEL.title],
      ["ana", ana, UP, GEL.title],
      ["carla", carla, UP, GEL.title],
      ["berta", berta, LATER, GEL.title],
      ["bertaArt", berta, ART, NAIL.title],
    ] as const) {
      orders[name] = await insertOrder(t.db, {
        user,
        lines: [line(edition, title)],
        createdAt: "2027-01-10T10:00:00.000Z",
      });
      await payOrder(t.db, orders[name], new Date("2027-01-10T10:05:00.000Z"));
    }
    // Carla's place stopped counting.
    await t.db
      .updateTable("enrollments")
      .set({ ended_at: "2027-01-20T09:00:00.000Z", end_reason: "refunded" })
      .where("order_id", "=", orders.carla)
      .execute();
    context = (await staffContext(t.db, kind, "profe.alumnos@example.com")).context;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const editions = (query = "") =>
    loadEditionList(new Request(`http://localhost/gestion/convocatorias${query}`), context);

  it("lists a course's editions: upcoming soonest first, then past ones, with seats and active students", async () => {
    const r = await editions(`?curso=${GEL.id}`);
    expect(r.courseId).toBe(GEL.id);
    expect(r.notes).toEqual([]);
    expect(r.upcoming.map((e) => e.id)).toEqual([UP.id, LATER.id]);
    expect(r.past.map((e) => e.id)).toEqual([PAST.id]);
    expect(r.upcoming[0]).toMatchObject({
      courseTitle: GEL.title,
      startsOn: UP.startsOn,
      endsOn: UP.endsOn,
      schedule: UP.schedule,
      seats: 8,
      seatsTaken: 3,
      activeStudents: 2,
      status: "open",
    });
    expect(r.courses).toEqual(expect.arrayContaining([{ id: GEL.id, title: GEL.title }]));
  });

  it("shows every course's editions without a filter, and ignores an unknown course with a note", async () => {
    const all = await editions();
    const mine = all.upcoming.map((e) => e.id).filter((id) => id.startsWith("st2-"));
    expect(mine).toEqual([ART.id, UP.id, LATER.id]);
    const bad = await editions("?curso=%3Cno-existe%3E");
    expect(bad.courseId).toBeNull();
    expect(bad.notes).toHaveLength(1);
    expect(bad.upcoming.map((e) => e.id)).toContain(ART.id);
  });

  it("lists the edition's active students by surname, with their order, payment and consent; ended ones apart", async () => {
    const r = await loadEditionAttendees(UP.id, context);
    expect(r.edition).toMatchObject({ id: UP.id, courseTitle: GEL.title, schedule: UP.schedule });
    expect(r.active.map((a) => a.lastName)).toEqual(["Álvarez", "Ñúñez"]);
    expect(r.active[1]).toMatchObject({
      firstName: "Zoe",
      phone: "+34 600 111 222",
      orderId: orders.zoe,
      orderStatus: "paid",
      enrolledAt: "2027-01-10T10:05:00.000Z",
      newsletter: true,
      newsletterConsentAt: "2027-01-05T10:00:00.000Z",
    });
    expect(r.active[0]).toMatchObject({ newsletter: false, newsletterConsentAt: null });
    expect(r.ended.map((a) => [a.lastName, a.endReason])).toEqual([["Bosch", "refunded"]]);
    const other = await loadEditionAttendees(LATER.id, context);
    expect(other.active.map((a) => a.lastName)).toEqual(["Arias"]);
    expect((await loadEditionAttendees(PAST.id, context)).active).toEqual([]);
  });

  async function csv(editionId: string) {
    const request = new Request(`http://localhost/gestion/convocatorias/${editionId}/alumnos.csv`);
    const response = await attendeesCsvLoader({ request, context, params: { editionId } } as Parameters<
      typeof attendeesCsvLoader
    >[0]);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    return { response, bytes, lines: text.slice(1).split("\r\n") };
  }

  it("exports the edition's students as CSV, and only that edition's", async () => {
    const { response, bytes, lines } = await csv(UP.id);
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="alumnos-unas-de-gel-2099-03-01.csv"',
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(0, -1)).toEqual([
      "Apellidos;Nombre;Email;Teléfono;Pedido;Estado del pago;Fecha de inscripción;Acepta publicidad;Situación;Fecha de baja",
      expect.stringMatching(
        /^Álvarez;Ana;ana-[0-9a-f]{8}@example\.com;;[0-9A-F-]{8};Completado;10\/01\/2027;No;Activa;$/u,
      ),
      expect.stringMatching(
        /^Ñúñez;Zoe;zoe-[0-9a-f]{8}@example\.com;'\+34 600 111 222;[0-9A-F-]{8};Completado;10\/01\/2027;Sí \(05\/01\/2027\);Activa;$/u,
      ),
      expect.stringMatching(/^Bosch;Carla;.*;Baja: Reembolsada;20\/01\/2027 10:00$/u),
    ]);
    expect(lines.join("\n")).not.toContain("Arias");
  });

  it("answers 404 for unknown or malformed edition ids, never 500", async () => {
    for (const id of ["no-existe", "<script>", "x".repeat(300), "' or 1=1 --", ""]) {
      expect(await statusOf(() => loadEditionAttendees(id, context))).toBe(404);
      expect(await statusOf(() => csv(id).then((r) => r.response))).toBe(404);
    }
  });
});
