/**
 * Gestión → Caja → Cierre (/gestion/caja/cierre) through its loader and action
 * as React Router calls them (the staff middleware's user in context), on
 * SQLite and PostgreSQL: opening, a movement in euros, the close by
 * denominations (a difference needs a note), the Z report once closed, the
 * owner-only reopening with reason and confirmation; Spanish 400/403/409
 * answers that write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "~/auth/session.server.ts";
import { userContext } from "~/auth/user-context.server.ts";
import { cashCloseAction, loadCashClose } from "~/routes/gestion.caja.cierre.server.ts";
import { makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertSale } from "./counter-cash-fixtures.ts";

const URL_BASE = "http://localhost:3999/gestion/caja/cierre";
const DAY = "2026-11-20";

function post(fields: Record<string, string>): Request {
  return new Request(URL_BASE, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

type Outcome = {
  status: number;
  location?: string | null;
  body?: { intent: string; errors: Record<string, string>; values: Record<string, string> };
};

/** Status, redirect and body of what an action returned or threw. */
async function outcome(fn: () => Promise<unknown>): Promise<Outcome> {
  let value: unknown;
  try {
    value = await fn();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location") };
  const d = value as { type?: string; init?: { status?: number } | null; data?: Outcome["body"] };
  if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, body: d.data };
  return { status: 200, body: value as Outcome["body"] };
}

describe.each(dbKinds)("the cash close screen on %s", (kind) => {
  let t: TestDb;
  let staff: AuthUser;
  let owner: AuthUser;
  const ctx = (user: AuthUser) => {
    const { context } = makeContext(t.db, kind);
    context.set(userContext, user);
    return context;
  };
  const act = (user: AuthUser, fields: Record<string, string>) =>
    outcome(() => cashCloseAction(post({ day: DAY, ...fields }), ctx(user)));
  const load = (user: AuthUser, query = `?dia=${DAY}`) => loadCashClose(new Request(`${URL_BASE}${query}`), ctx(user));

  const person = (id: string, email: string, role: "staff" | "owner"): AuthUser => ({
    id,
    email,
    displayName: email,
    firstName: "Ana",
    lastName: "López",
    phone: "",
    emailVerified: true,
    role,
    secondFactor: true,
  });

  beforeAll(async () => {
    t = await createTestDb(kind);
    const s = await makeUser(t.db, "caja@example.com");
    const o = await makeUser(t.db, "duena@example.com");
    staff = person(s.id, s.email, "staff");
    owner = person(o.id, o.email, "owner");
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("refuses a malformed day with a 400 and defaults to today's cash day", async () => {
    expect((await outcome(() => load(staff, "?dia=2026-13-01"))).status).toBe(400);
    const today = await load(staff, "");
    expect(today.day).toBe(today.today);
    expect(today.state.opened).toBe(false);
    expect(today.canOpen).toBe(true);
  });

  it("opens the day with a float in euros, once; not a day still to come", async () => {
    expect(await act(staff, { intent: "open", float: "cien" })).toMatchObject({
      status: 400,
      body: { errors: { float: "Escribe el importe en euros, por ejemplo 280 o 279,99" } },
    });
    expect(await act(staff, { intent: "open", float: "20.000" })).toMatchObject({
      status: 400,
      body: { errors: { float: "Como mucho 10.000,00\u00a0€" } },
    });
    expect((await act(staff, { intent: "open", day: "2099-01-01", float: "100" })).status).toBe(400);
    expect(await act(staff, { intent: "open", float: "100,50" })).toEqual({
      status: 302,
      location: `/gestion/caja/cierre?dia=${DAY}&aviso=abierta`,
    });
    expect(await act(staff, { intent: "open", float: "10" })).toMatchObject({
      status: 409,
      body: { errors: { form: "La caja de ese día ya está abierta." } },
    });
    const page = await load(staff, `?dia=${DAY}&aviso=abierta`);
    expect(page.state.floatCents).toBe(10_050);
    expect(page.notice).toBe("Caja abierta.");
  });

  it("notes a movement in euros; a wrong one is answered field by field", async () => {
    expect(await act(staff, { intent: "movement", direction: "sideways", amount: "0", reason: "" })).toMatchObject({
      status: 400,
      body: {
        errors: {
          direction: "Elige si es una entrada o una salida de efectivo",
          reason: "Escribe el motivo del movimiento",
        },
      },
    });
    expect(await act(staff, { intent: "movement", direction: "out", amount: "0", reason: "Compra" })).toMatchObject({
      status: 400,
      body: { errors: { amount: "El importe debe ser mayor que cero" }, values: { amount: "0", reason: "Compra" } },
    });
    const ok = await act(staff, { intent: "movement", direction: "out", amount: "20,50", reason: "Compra de limas" });
    expect(ok.location).toBe(`/gestion/caja/cierre?dia=${DAY}&aviso=movimiento`);
    await insertSale(t.db, {
      day: DAY,
      lines: [{ professionalId: "laura", totalCents: 3_000, vatRateBp: 2100 }],
      payments: [{ method: "cash", amountCents: 3_000 }],
    });
    const page = await load(staff);
    expect(page.state.movements.map((m) => [m.direction, m.amountCents, m.reason])).toEqual([
      ["out", 2_050, "Compra de limas"],
    ]);
    // 100,50 + 30,00 − 20,50
    expect(page.state.expectedCents).toBe(11_000);
  });

  it("closes by denominations: a wrong count or an unexplained difference is refused, then the Z report", async () => {
    expect(await act(staff, { intent: "close", d10000: "1", d200: "x" })).toMatchObject({
      status: 400,
      body: { errors: { d200: expect.stringContaining("número entero") }, values: { d10000: "1", d200: "x" } },
    });
    const short = await act(staff, { intent: "close", d10000: "1", d500: "1", note: "" });
    expect(short).toMatchObject({
      status: 400,
      body: { errors: { note: expect.stringContaining("faltan 5,00") }, values: { d10000: "1", d500: "1" } },
    });
    expect((await load(staff)).state.closed).toBe(false);
    const done = await act(staff, { intent: "close", d10000: "1", d500: "1", note: "Un billete de 5 € de menos" });
    expect(done.location).toBe(`/gestion/caja/cierre?dia=${DAY}&aviso=cerrada`);
    const page = await load(staff);
    expect(page.state.close).toMatchObject({ countedCents: 10_500, expectedCents: 11_000, differenceCents: -500 });
    expect(page.report).toMatchObject({ salesCount: 1, salesTotalCents: 3_000 });
    expect(page.isOwner).toBe(false);
    expect(await act(staff, { intent: "movement", direction: "in", amount: "1", reason: "Tarde" })).toMatchObject({
      status: 409,
      body: { errors: { form: "La caja de ese día ya está cerrada." } },
    });
  });

  it("only the owner reopens, with a reason and the confirmation", async () => {
    expect((await act(staff, { intent: "reopen", reopenReason: "Error", confirm: "yes" })).status).toBe(403);
    expect(await act(owner, { intent: "reopen", reopenReason: "  " })).toMatchObject({
      status: 400,
      body: {
        errors: {
          reopenReason: "Escribe por qué se reabre la caja",
          confirm: "Marca la casilla para confirmar que quieres reabrir la caja",
        },
      },
    });
    expect((await load(owner)).isOwner).toBe(true);
    const ok = await act(owner, { intent: "reopen", reopenReason: "Apareció el billete", confirm: "yes" });
    expect(ok.location).toBe(`/gestion/caja/cierre?dia=${DAY}&aviso=reabierta`);
    const page = await load(owner);
    expect(page.state).toMatchObject({ closed: false, reopenCount: 1 });
    expect(page.report).toBeNull();
  });

  it("answers an unknown action with a 400", async () => {
    expect(await act(staff, { intent: "delete" })).toMatchObject({
      status: 400,
      body: { errors: { form: "Acción no reconocida. Vuelve a cargar la página." } },
    });
  });
});
