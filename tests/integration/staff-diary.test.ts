/**
 * Gestión → Agenda on SQLite and PostgreSQL: the day view, a phone booking,
 * moving, cancelling, attended / no-show, the client card and its notes, and
 * that the staff area keeps customers out. Loaders and actions are called as
 * the staff layout's middleware leaves them, with a fixed clock: Monday
 * 23 November 2026, 09:00 in Madrid; the appointments are on Wednesday the 25th.
 */
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { provideStaff } from "~/auth/user-context.server.ts";
import type { Db } from "~/db/db.server.ts";
import { parseTime, wallToInstant } from "~/domain/salon-time.ts";
import routes from "~/routes.ts";
import {
  appointmentAction,
  loadAppointmentPage,
  TAKEN_MESSAGE,
  TOO_EARLY_MESSAGE,
} from "~/routes/gestion.agenda.cita.server.ts";
import { loadNewAppointment, newAppointmentAction } from "~/routes/gestion.agenda.nueva.server.ts";
import { loadDiary } from "~/routes/gestion.agenda.server.ts";
import { clientCardAction, loadClientCard } from "~/routes/gestion.clientes.server.ts";
import { formRequest, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { bodyOf, statusOf, thrown } from "../helpers/staff.ts";
import { staffContext } from "./staff-orders-fixtures.ts";

const NOW = new Date("2026-11-23T08:00:00.000Z");
const DAY = "2026-11-25";
const at = (hhmm: string) => wallToInstant(DAY, parseTime(hhmm)!);
const BASE = "http://localhost/gestion/agenda";

describe.each(dbKinds)("staff diary on %s", (kind) => {
  let t: TestDb;
  let context: Readonly<RouterContextProvider>;
  let staffEmail: string;
  let first = "";

  beforeAll(async () => {
    t = await createTestDb(kind);
    const staff = await staffContext(t.db, kind, "recepcion.agenda@example.com");
    context = staff.context;
    staffEmail = staff.user.email;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const book = (fields: Record<string, string>, services = ["manicura"], now = NOW) => {
    const body = new URLSearchParams(fields);
    for (const s of services) body.append("servicio", s);
    const request = new Request(`${BASE}/nueva`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    return newAppointmentAction(request, context, now);
  };
  const idFrom = (r: unknown) => {
    expect(r).toBeInstanceOf(Response);
    const location = (r as Response).headers.get("location") ?? "";
    const m = /^\/gestion\/agenda\/([^?]+)\?aviso=(\w[\w-]*)$/.exec(location);
    expect(m, location).not.toBeNull();
    return { id: decodeURIComponent(m![1]!), aviso: m![2] };
  };
  const act = (id: string, fields: Record<string, string>, now = NOW) =>
    appointmentAction(id, formRequest(`${BASE}/${id}`, fields), context, now);
  const rowOf = (db: Db, id: string) =>
    db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("offers free times for a phone booking and books it confirmed, with its audit entry", async () => {
    const page = await loadNewAppointment(
      new Request(`${BASE}/nueva?servicio=manicura&profesional=laura&dia=${DAY}`),
      context,
      NOW,
    );
    expect(page.times?.map((s) => s.at)).toContain(at("10:00"));

    const missing = await book({ profesional: "laura", at: String(at("10:00")), nombre: "Rosa Pons", telefono: "" });
    expect(statusOf(missing)).toBe(400);
    expect(bodyOf(missing).errors.telefono).toBe("Escribe un teléfono para poder avisarla.");
    expect(await t.db.selectFrom("appointments").select("id").execute()).toHaveLength(0);

    const done = await book({
      profesional: "laura",
      at: String(at("10:00")),
      nombre: "Rosa Pons",
      telefono: "612 345 678",
      email: "",
      nota: "Llama antes",
    });
    const { id, aviso } = idFrom(done);
    expect(aviso).toBe("creada");
    first = id;
    const row = await rowOf(t.db, id);
    expect(row).toMatchObject({
      status: "confirmed",
      source: "staff",
      professional_id: "laura",
      client_email: "",
      client_phone: "612 345 678",
      client_comment: "Llama antes",
      starts_at: new Date(at("10:00")).toISOString(),
    });
    const audit = await t.db.selectFrom("audit_log").selectAll().where("entity_id", "=", id).execute();
    expect(audit.map((a) => [a.action, a.actor_email])).toEqual([["appointment.create", staffEmail]]);

    const detail = await loadAppointmentPage(id, new Request(`${BASE}/${id}?aviso=creada`), context, NOW);
    expect(detail.notice).toBe("Cita creada para el miércoles, 25 de noviembre, 10:00.");
  });

  it("shows the appointment in her column of the day view, on the 10:00 row", async () => {
    const view = await loadDiary(new Request(`${BASE}?dia=${DAY}`), context, NOW);
    expect(view.title).toBe("miércoles, 25 de noviembre");
    const grid = view.grid!;
    // The salon opens at 09:00 on Wednesdays: 10:00 is the fifth quarter-hour row.
    expect(grid.rows[0]).toBe("09:00");
    const laura = grid.columns.find((c) => c.key === "laura")!;
    expect(laura.blocks).toEqual([
      expect.objectContaining({
        kind: "appointment",
        id: first,
        row: 5,
        span: 3,
        time: "10:00–10:40",
        clientName: "Rosa Pons",
        services: ["Manicura clásica"],
        statusLabel: "Confirmada",
        outOfHours: false,
      }),
    ]);
    for (const c of grid.columns.filter((c) => c.key !== "laura")) expect(c.blocks).toEqual([]);

    const week = await loadDiary(new Request(`${BASE}?dia=${DAY}&vista=semana`), context, NOW);
    const wed = week.list!.find((d) => d.date === DAY)!;
    expect(wed.appointments.map((a) => [a.clientName, a.time, a.professionalName])).toEqual([
      ["Rosa Pons", "10:00–10:40", laura.heading],
    ]);
    const bad = await loadDiary(new Request(`${BASE}?dia=25-11-2026&profesional=nadie`), context, NOW);
    expect(bad.query.notes).toEqual([
      "La fecha no es válida (usa el formato AAAA-MM-DD): se muestra hoy.",
      "Esa profesional no existe o ya no está activa: se muestra todo el salón.",
    ]);
    expect(bad.query.date).toBe("2026-11-23");
  });

  it("moves to a free time, and refuses a taken one with a Spanish message, changing nothing", async () => {
    const choose = await loadAppointmentPage(
      first,
      new Request(`${BASE}/${first}?mover=1&dia=${DAY}&profesional=laura`),
      context,
      NOW,
    );
    expect(choose.move?.starts.map((s) => s.at)).toContain(at("11:00"));

    const moved = await act(first, { intent: "move", at: String(at("11:00")), profesional: "laura" });
    expect(idFrom(moved).aviso).toBe("movida");
    const page = await loadAppointmentPage(first, new Request(`${BASE}/${first}?aviso=movida`), context, NOW);
    expect(page.notice).toBe("Cita cambiada al miércoles, 25 de noviembre, 11:00.");

    const other = idFrom(
      await book({ profesional: "laura", at: String(at("12:00")), nombre: "Eva Roca", telefono: "+34 600 111 222" }),
    ).id;
    const refused = await act(first, { intent: "move", at: String(at("12:00")), profesional: "laura" });
    expect(statusOf(refused)).toBe(409);
    expect(bodyOf(refused).error).toBe(TAKEN_MESSAGE);
    expect((await rowOf(t.db, first)).starts_at).toBe(new Date(at("11:00")).toISOString());

    // Cancelling frees the slot: the same time can be booked again.
    const cancelled = await act(other, { intent: "cancel" });
    expect(idFrom(cancelled).aviso).toBe("cancelada");
    expect((await rowOf(t.db, other)).status).toBe("cancelled");
    const again = await book({
      profesional: "laura",
      at: String(at("12:00")),
      nombre: "Nuria Gil",
      telefono: "600222333",
    });
    expect(idFrom(again).aviso).toBe("creada");
    const day = await loadDiary(new Request(`${BASE}?dia=${DAY}&profesional=laura`), context, NOW);
    expect(day.grid!.columns[0]!.blocks.map((b) => b.clientName)).toEqual(["Rosa Pons", "Nuria Gil"]);
  });

  it("marks attended only once the appointment has started", async () => {
    const early = await act(first, { intent: "attended" });
    expect(statusOf(early)).toBe(409);
    expect(bodyOf(early).error).toBe(TOO_EARLY_MESSAGE);
    expect((await rowOf(t.db, first)).status).toBe("confirmed");

    const later = new Date(at("11:05"));
    expect(idFrom(await act(first, { intent: "attended" }, later)).aviso).toBe("atendida");
    expect((await rowOf(t.db, first)).status).toBe("attended");
    const audit = await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", first).execute();
    expect(audit.map((a) => a.action)).toContain("appointment.attended");
  });

  it("shows a client card with her visits and no-shows, and saves notes with an audit entry", async () => {
    const visit = idFrom(
      await book({
        profesional: "marta",
        at: String(at("09:00")),
        nombre: "Marta Vila",
        telefono: "611000111",
        email: "Marta.Vila@Example.com",
      }),
    ).id;
    expect(idFrom(await act(visit, { intent: "no_show" }, new Date(at("09:30")))).aviso).toBe("no-show");

    const url = `http://localhost/gestion/clientes?email=marta.vila%40example.com`;
    const card = await loadClientCard(new Request(url), context, new Date(at("10:00")));
    expect(card.card).toMatchObject({ name: "Marta Vila", phone: "611000111", noShows: 1, upcoming: [] });
    expect(card.card!.past.map((v) => [v.id, v.status, v.services])).toEqual([
      [visit, "no_show", ["Manicura clásica"]],
    ]);

    const saved = await clientCardAction(formRequest(url, { intent: "notes", notas: "Alérgica al látex." }), context);
    expect((saved as Response).headers.get("location")).toBe(
      "/gestion/clientes?email=marta.vila%40example.com&aviso=notas",
    );
    const after = await loadClientCard(new Request(`${url}&aviso=notas`), context, NOW);
    expect(after.saved).toBe(true);
    expect(after.card!.notes).toMatchObject({ notes: "Alérgica al látex.", updatedBy: staffEmail });
    const audit = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "client-notes.update")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity_id: "marta.vila@example.com", actor_email: staffEmail });
    expect(JSON.parse(audit.after_json!)).toEqual({ notes: "Alérgica al látex." });

    const tooLong = await clientCardAction(formRequest(url, { intent: "notes", notas: "x".repeat(4001) }), context);
    expect(statusOf(tooLong)).toBe(400);
    const unknown = await loadClientCard(
      new Request("http://localhost/gestion/clientes?email=nadie%40example.com"),
      context,
    );
    expect(unknown.error).toBe("No hay ninguna clienta con ese email.");
  });

  it("keeps customers out: every diary page sits behind the staff middleware", async () => {
    const staffLayout = routes.find((r) => r.file === "layouts/staff.tsx");
    const files = (staffLayout?.children ?? []).map((r) => r.file);
    for (const file of [
      "routes/gestion.agenda.tsx",
      "routes/gestion.agenda.nueva.tsx",
      "routes/gestion.agenda.cita.tsx",
      "routes/gestion.clientes.tsx",
    ]) {
      expect(files).toContain(file);
    }
    const customer = await makeUser(t.db, "clienta.agenda@example.com");
    const cookie = `an_session=${await insertSession(t.db, customer.id, new Date(), { secondFactor: true })}`;
    for (const path of ["/gestion/agenda", `/gestion/agenda/${first}`, "/gestion/agenda/nueva", "/gestion/clientes"]) {
      const denied = await thrown(
        provideStaff(new Request(`http://localhost${path}`, { headers: { cookie } }), context),
      );
      expect(denied).toMatchObject({ init: { status: 403 } });
    }
  });
});
