/**
 * Gestión → Servicios, Profesionales and Horarios (issue 15), through their
 * loaders and actions as React Router calls them (the staff middleware's user
 * already in context), on SQLite and PostgreSQL: writes with their audit rows,
 * the review flag, Spanish field errors that write nothing, hours outside the
 * salon's opening, and time off saved over live appointments with the warning.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "~/auth/session.server.ts";
import { userContext } from "~/auth/user-context.server.ts";
import { listActiveProfessionals, servicesInOrder } from "~/bookings/menu.server.ts";
import { getStaffProfessional, getStaffService } from "~/bookings/menu-admin.server.ts";
import type { Db } from "~/db/db.server.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import { hourField } from "~/domain/professional-form.ts";
import { wallToInstant } from "~/domain/salon-time.ts";
import { newId, nowIso } from "~/lib/ids.server.ts";
import { loadTimeOffPage, timeOffAction } from "~/routes/gestion.horarios.server.ts";
import { loadStaffProfessionals, professionalFormAction } from "~/routes/gestion.profesionales.server.ts";
import { loadServiceEditor, loadStaffServices, serviceFormAction } from "~/routes/gestion.servicios.server.ts";
import { makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";

const BASE = "http://localhost:3999/gestion";

function post(url: string, fields: Record<string, string | string[]>): Request {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return new Request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
}

/** Status, redirect and body of what an action returned or threw. */
async function outcome(
  fn: () => Promise<unknown>,
): Promise<{ status: number; location?: string | null; body?: unknown }> {
  let value: unknown;
  try {
    value = await fn();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location") };
  const d = value as { type?: string; init?: { status?: number } | null; data?: unknown };
  if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, body: d.data };
  return { status: 200, body: value };
}

const serviceForm = {
  name: "Manicura japonesa",
  category: "manos",
  description: "Tratamiento nutritivo con pasta y polvos.",
  duration: "45",
  buffer: "5",
  price: "29,90",
  bookableOnline: "on",
  active: "on",
};

async function auditRows(db: Db, entityId: string) {
  return db
    .selectFrom("audit_log")
    .select(["action", "actor_email", "before_json", "after_json"])
    .where("entity_id", "=", entityId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

async function counts(db: Db) {
  const n = async (table: "services" | "professionals" | "audit_log" | "time_off" | "working_hours") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    services: await n("services"),
    professionals: await n("professionals"),
    audit: await n("audit_log"),
    timeOff: await n("time_off"),
    hours: await n("working_hours"),
  };
}

describe.each(dbKinds)("staff menu, professionals and time off on %s", (kind) => {
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
    await t.db.updateTable("users").set({ role: "staff", display_name: "Eva Equipo" }).where("id", "=", id).execute();
    staff = {
      id,
      email,
      displayName: "Eva Equipo",
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

  it("lists the seeded menu by category, every row pending review", async () => {
    const page = await loadStaffServices(new Request(`${BASE}/servicios`), ctx());
    expect(page.pendingCount).toBe(12);
    expect(page.groups.map((g) => g.label)).toEqual(["Manos", "Pies", "Facial", "Diseño de uñas"]);
    const gel = page.groups.find((g) => g.category === "diseno")!.services.find((s) => s.id === "unas-gel")!;
    expect(gel).toMatchObject({
      priceCents: 4000,
      priceFrom: true,
      durationMin: 90,
      bufferMin: 10,
      reviewPending: true,
    });
    expect(gel.professionals.map((p) => p.id)).toEqual(["alejandra", "laura", "sofia", "paula"]);
  });

  it("edits a seeded service: saved, marked reviewed, audited before and after", async () => {
    const res = await outcome(() =>
      serviceFormAction(
        post(`${BASE}/servicios/manicura`, {
          ...serviceForm,
          name: "Manicura clásica",
          price: "19,50",
          priceFrom: "on",
          professionals: ["laura", "marta"],
        }),
        ctx(),
        "manicura",
      ),
    );
    expect(res).toMatchObject({ status: 302, location: "/gestion/servicios/manicura?aviso=servicio-guardado" });
    const saved = await getStaffService(t.db, "manicura");
    expect(saved).toMatchObject({ priceCents: 1950, priceFrom: true, durationMin: 45, reviewPending: false });
    expect(saved!.professionals.map((p) => p.id)).toEqual(["laura", "marta"]);
    expect((await loadStaffServices(new Request(`${BASE}/servicios`), ctx())).pendingCount).toBe(11);

    const [audit] = await auditRows(t.db, "manicura");
    expect(audit).toMatchObject({ action: "service.update", actor_email: "equipo@example.com" });
    expect(JSON.parse(audit!.before_json!)).toMatchObject({ priceCents: 1800, reviewPending: true });
    expect(JSON.parse(audit!.after_json!)).toMatchObject({
      priceCents: 1950,
      reviewPending: false,
      professionalIds: ["laura", "marta"],
    });
    // The public menu reads the change: Alejandra no longer does it.
    const pros = await listActiveProfessionals(t.db);
    expect(pros.find((p) => p.id === "alejandra")!.serviceIds).not.toContain("manicura");
  });

  it("creates a service with an id from its name, unique, reviewed and audited", async () => {
    const first = await outcome(() =>
      serviceFormAction(post(`${BASE}/servicios/nuevo`, { ...serviceForm, professionals: "sofia" }), ctx(), null),
    );
    expect(first).toMatchObject({
      status: 302,
      location: "/gestion/servicios/manicura-japonesa?aviso=servicio-creado",
    });
    const second = await outcome(() => serviceFormAction(post(`${BASE}/servicios/nuevo`, serviceForm), ctx(), null));
    expect(second.location).toBe("/gestion/servicios/manicura-japonesa-2?aviso=servicio-creado");

    const editor = await loadServiceEditor(
      new Request(`${BASE}/servicios/manicura-japonesa`),
      ctx(),
      "manicura-japonesa",
    );
    expect(editor.service).toMatchObject({ name: "Manicura japonesa", priceCents: 2990, reviewPending: false });
    expect(editor.service.professionals.map((p) => p.id)).toEqual(["sofia"]);
    expect(await servicesInOrder(t.db, ["manicura-japonesa"], { online: true })).toHaveLength(1);
    const [audit] = await auditRows(t.db, "manicura-japonesa");
    expect(audit).toMatchObject({ action: "service.create", before_json: null });
  });

  it("answers a bad service form with Spanish field errors and writes nothing", async () => {
    const before = await counts(t.db);
    const bad = await outcome(() =>
      serviceFormAction(
        post(`${BASE}/servicios/nuevo`, { ...serviceForm, duration: "62", price: "6000", category: "cabello" }),
        ctx(),
        null,
      ),
    );
    expect(bad).toMatchObject({
      status: 400,
      body: {
        errors: {
          duration: "La duración son minutos en múltiplos de 5, entre 5 y 480",
          price: "El precio admite como mucho 5.000 €",
          category: "Elige una categoría: manos, pies, facial o diseño de uñas",
        },
        values: { name: "Manicura japonesa", duration: "62" },
      },
    });
    const ghost = await outcome(() =>
      serviceFormAction(post(`${BASE}/servicios/cejas`, { ...serviceForm, professionals: "nadie" }), ctx(), "cejas"),
    );
    expect(ghost).toMatchObject({
      status: 409,
      body: { errors: { professionals: expect.stringMatching(/ya no está activa/u) } },
    });
    expect(await counts(t.db)).toEqual(before);
    expect((await getStaffService(t.db, "cejas"))!.reviewPending).toBe(true);
    const missing = await outcome(() =>
      serviceFormAction(post(`${BASE}/servicios/x`, serviceForm), ctx(), "no-existe"),
    );
    expect(missing.status).toBe(404);
  });

  it("creates and edits a professional with her services, account and weekly hours", async () => {
    const created = await outcome(() =>
      professionalFormAction(
        post(`${BASE}/profesionales/nueva`, {
          name: "Nuria Puig",
          title: "Técnica de pedicura",
          active: "on",
          services: ["pedicura", "manicura"],
          userId: staff.id,
          [hourField(2, 1, "start")]: "09:00",
          [hourField(2, 1, "end")]: "13:00",
          [hourField(2, 2, "start")]: "16:00",
          [hourField(2, 2, "end")]: "20:00",
          [hourField(6, 1, "start")]: "09:00",
          [hourField(6, 1, "end")]: "17:00",
        }),
        ctx(),
        null,
      ),
    );
    expect(created).toMatchObject({
      status: 302,
      location: "/gestion/profesionales/nuria-puig?aviso=profesional-creada",
    });
    const nuria = await getStaffProfessional(t.db, "nuria-puig");
    expect(nuria).toMatchObject({ active: true, userId: staff.id, serviceIds: ["manicura", "pedicura"] });
    expect(nuria!.hours).toEqual([
      { weekday: 2, startsMin: 540, endsMin: 780 },
      { weekday: 2, startsMin: 960, endsMin: 1200 },
      { weekday: 6, startsMin: 540, endsMin: 1020 },
    ]);
    const list = await loadStaffProfessionals(new Request(`${BASE}/profesionales`), ctx());
    expect(list.professionals.find((p) => p.id === "nuria-puig")).toMatchObject({
      account: "equipo@example.com",
      week: "martes 09:00–13:00 y 16:00–20:00 · sábado 09:00–17:00",
    });

    const saved = await outcome(() =>
      professionalFormAction(
        post(`${BASE}/profesionales/nuria-puig`, {
          name: "Nuria Puig",
          title: "",
          services: "pedicura",
          [hourField(3, 1, "start")]: "10:00",
          [hourField(3, 1, "end")]: "14:00",
        }),
        ctx(),
        "nuria-puig",
      ),
    );
    expect(saved.location).toBe("/gestion/profesionales/nuria-puig?aviso=profesional-guardada");
    expect(await getStaffProfessional(t.db, "nuria-puig")).toMatchObject({
      active: false,
      userId: null,
      serviceIds: ["pedicura"],
      hours: [{ weekday: 3, startsMin: 600, endsMin: 840 }],
    });
    const audit = await auditRows(t.db, "nuria-puig");
    expect(audit.map((a) => a.action)).toEqual(["professional.create", "professional.update"]);
    expect(JSON.parse(audit[1]!.before_json!)).toMatchObject({ active: true, hours: expect.any(Array) });
    expect(JSON.parse(audit[1]!.after_json!)).toMatchObject({ active: false, serviceIds: ["pedicura"] });
  });

  it("refuses hours outside the salon's opening, and an account that is not staff, writing nothing", async () => {
    const before = await counts(t.db);
    const late = await outcome(() =>
      professionalFormAction(
        post(`${BASE}/profesionales/laura`, {
          name: "Laura",
          active: "on",
          [hourField(6, 1, "start")]: "09:00",
          [hourField(6, 1, "end")]: "18:00",
          [hourField(7, 1, "start")]: "10:00",
          [hourField(7, 1, "end")]: "12:00",
        }),
        ctx(),
        "laura",
      ),
    );
    expect(late).toMatchObject({
      status: 400,
      body: {
        errors: { "day-6": "El sábado el salón abre de 09:00 a 17:00", "day-7": "El domingo el salón está cerrado" },
        values: { [hourField(6, 1, "end")]: "18:00" },
      },
    });
    const customer = await makeUser(t.db, "clienta@example.com");
    const notStaff = await outcome(() =>
      professionalFormAction(
        post(`${BASE}/profesionales/laura`, { name: "Laura", userId: customer.id }),
        ctx(),
        "laura",
      ),
    );
    expect(notStaff).toMatchObject({
      status: 409,
      body: { errors: { userId: expect.stringMatching(/no es del equipo/u) } },
    });
    expect(await counts(t.db)).toEqual(before);
    expect((await getStaffProfessional(t.db, "laura"))!.hours.length).toBe(10);
  });

  it("blocks time over live appointments with a warning listing them, and deletes a block", async () => {
    const day = addDays(madridDate(), 10);
    const at = (minutes: number) => new Date(wallToInstant(day, minutes)).toISOString();
    const now = nowIso();
    const appointment = (
      name: string,
      status: string,
      start: number,
      extra: { hold_expires_at?: string; pro?: string } = {},
    ) => ({
      id: newId(),
      professional_id: extra.pro ?? "laura",
      user_id: null,
      client_name: name,
      client_email: `${name.toLowerCase()}@example.com`,
      client_phone: "600 000 000",
      starts_at: at(start),
      ends_at: at(start + 60),
      blocks_until: at(start + 70),
      status,
      hold_expires_at: extra.hold_expires_at ?? null,
      source: "online",
      client_comment: "",
      price_cents: 2500,
      price_from: 0,
      created_at: now,
      updated_at: now,
      confirmed_at: null,
      cancelled_at: null,
      cancelled_by: null,
    });
    await t.db
      .insertInto("appointments")
      .values([
        appointment("Rosa", "confirmed", 600),
        appointment("Irene", "held", 720, { hold_expires_at: new Date(Date.now() + 600_000).toISOString() }),
        appointment("Olga", "held", 780, { hold_expires_at: new Date(Date.now() - 60_000).toISOString() }),
        appointment("Pilar", "cancelled", 660),
        appointment("Marisa", "confirmed", 900, { pro: "marta" }),
        appointment("Tarde", "confirmed", 960),
      ])
      .execute();

    const bad = await outcome(() =>
      timeOffAction(
        post(`${BASE}/horarios`, {
          intent: "create",
          who: "laura",
          kind: "hours",
          date: day,
          start: "14:00",
          end: "10:00",
        }),
        ctx(),
      ),
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { errors: { end: "La hora de fin debe ser posterior a la de inicio" } },
    });
    expect((await counts(t.db)).timeOff).toBe(0);

    const blocked = await outcome(() =>
      timeOffAction(
        post(`${BASE}/horarios`, {
          intent: "create",
          who: "laura",
          kind: "hours",
          date: day,
          start: "10:30",
          end: "14:00",
          reason: "Médico",
        }),
        ctx(),
      ),
    );
    expect(blocked.status).toBe(200);
    const conflicts = (blocked.body as { conflicts: { clientName: string; when: string; professionalName: string }[] })
      .conflicts;
    expect(conflicts.map((c) => c.clientName)).toEqual(["Rosa", "Irene"]);
    expect(conflicts[0]!.when).toMatch(/, 10:00$/u);

    const closure = await outcome(() =>
      timeOffAction(
        post(`${BASE}/horarios`, { intent: "create", who: "salon", kind: "days", from: day, reason: "Festivo local" }),
        ctx(),
      ),
    );
    const closureConflicts = (closure.body as { conflicts: { clientName: string }[] }).conflicts;
    expect(closureConflicts.map((c) => c.clientName)).toEqual(["Rosa", "Irene", "Marisa", "Tarde"]);

    const page = await loadTimeOffPage(new Request(`${BASE}/horarios`), ctx());
    expect(page.rows.map((r) => [r.who, r.reason])).toEqual([
      ["Todo el salón", "Festivo local"],
      ["Laura Martínez", "Médico"],
    ]);
    expect(page.rows[1]!.when).toMatch(/, de 10:30 a 14:00$/u);

    const laurasBlock = await t.db
      .selectFrom("time_off")
      .selectAll()
      .where("professional_id", "=", "laura")
      .executeTakeFirstOrThrow();
    expect(laurasBlock).toMatchObject({ starts_at: at(630), ends_at: at(840), created_by: staff.id });
    const removed = await outcome(() =>
      timeOffAction(post(`${BASE}/horarios`, { intent: "delete", id: laurasBlock.id }), ctx()),
    );
    expect(removed).toMatchObject({ status: 302, location: "/gestion/horarios?aviso=bloqueo-borrado" });
    const again = await outcome(() =>
      timeOffAction(post(`${BASE}/horarios`, { intent: "delete", id: laurasBlock.id }), ctx()),
    );
    expect(again).toMatchObject({ status: 404, body: { errors: { form: "Ese bloqueo ya no existe." } } });
    expect((await auditRows(t.db, laurasBlock.id)).map((a) => a.action)).toEqual([
      "time-off.create",
      "time-off.delete",
    ]);
    expect((await loadTimeOffPage(new Request(`${BASE}/horarios`), ctx())).rows).toHaveLength(1);
  });

  it("fills the new block with the professional and day the diary's link names, and nothing it cannot trust", async () => {
    const tomorrow = addDays(madridDate(), 1);
    const fromDiary = await loadTimeOffPage(new Request(`${BASE}/horarios?profesional=laura&dia=${tomorrow}`), ctx());
    expect(fromDiary.prefill).toEqual({ who: "laura", from: tomorrow, date: tomorrow });
    // The salon's whole diary (no professional) still names the day.
    expect((await loadTimeOffPage(new Request(`${BASE}/horarios?dia=${tomorrow}`), ctx())).prefill).toEqual({
      from: tomorrow,
      date: tomorrow,
    });
    // An unknown professional, a past day, a day that does not exist, a malformed one: left empty.
    for (const query of [
      "profesional=nadie&dia=2027-02-30",
      `profesional=laura%27--&dia=${addDays(madridDate(), -1)}`,
      "dia=mañana",
      `dia=${"9".repeat(5000)}`,
    ]) {
      expect((await loadTimeOffPage(new Request(`${BASE}/horarios?${query}`), ctx())).prefill, query).toEqual({});
    }
  });
});
