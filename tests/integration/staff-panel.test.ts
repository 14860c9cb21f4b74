/**
 * The staff panel (/gestion): revenue around Madrid midnight and month
 * boundaries with refunds (a sale on the day it was paid, a refund on the day
 * it was made, as Facturas counts them), today's takings, payment methods,
 * seats of upcoming editions and the assistant's unanswered questions — on
 * SQLite and PostgreSQL. That the figures equal Facturas' totals:
 * staff-panel-today.test.ts.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "~/auth/session.server.ts";
import { userContext } from "~/auth/user-context.server.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { newId } from "~/lib/ids.server.ts";
import StaffPanel, { loader } from "~/routes/gestion.tsx";
import { loadDashboard } from "~/staff/dashboard.server.ts";
import { loadToday } from "~/staff/today.server.ts";
import { makeContext } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";

/** 11:00 on 15 February 2027 in Madrid. */
const NOW = new Date("2027-02-15T10:00:00.000Z");

describe.each(dbKinds)("staff panel on %s", (kind) => {
  let t: TestDb;
  let buyer: { id: string; email: string };

  async function order(o: {
    paidAt: string | null;
    cents: number;
    method?: string;
    status?: string;
    refunded?: number;
    provider?: string;
  }) {
    const id = newId();
    await t.db
      .insertInto("orders")
      .values({
        id,
        user_id: buyer.id,
        email: buyer.email,
        status: o.status ?? (o.paidAt ? "paid" : "pending"),
        total_cents: o.cents,
        currency: "eur",
        payment_method: o.method ?? "card",
        provider: o.provider ?? "stripe",
        provider_session_id: null,
        withdrawal_waiver_at: null,
        created_at: o.paidAt ?? NOW.toISOString(),
        updated_at: o.paidAt ?? NOW.toISOString(),
        paid_at: o.paidAt,
        checkout_key: null,
        checkout_completed_at: null,
        confirmation_sent_at: null,
        refunded_cents: o.refunded ?? 0,
      })
      .execute();
    return id;
  }

  async function refund(orderId: string, cents: number, completedAt: string, status = "succeeded") {
    await t.db
      .insertInto("refunds")
      .values({
        id: newId(),
        order_id: orderId,
        amount_cents: cents,
        reason: "staff",
        status,
        provider_refund_id: null,
        created_at: completedAt,
        completed_at: status === "pending" ? null : completedAt,
        item_ids: null,
      })
      .execute();
  }

  async function course(id: string, title: string) {
    await t.db
      .insertInto("courses")
      .values({
        id,
        title,
        category: "formacion",
        description: "",
        price_cents: 10000,
        original_price_cents: 10000,
        duration: "1 día",
        class_size: 8,
        level: "Inicial",
        rating: 5,
        reviews: 0,
        features: "[]",
        image: "",
        highlighted: 0,
        active: 1,
        sort_order: 0,
        updated_at: null,
      })
      .execute();
  }

  async function edition(courseId: string, startsOn: string, seats: number, taken: number, status = "open") {
    const id = newId();
    await t.db
      .insertInto("course_editions")
      .values({
        id,
        course_id: courseId,
        starts_on: startsOn,
        ends_on: null,
        seats,
        seats_taken: taken,
        status,
        updated_at: null,
        cancelled_at: null,
      })
      .execute();
    return id;
  }

  async function question(text: string, createdAt: string, intent = "None") {
    await t.db
      .insertInto("chat_questions")
      .values({ id: newId(), text, intent, score: 0.3, created_at: createdAt })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestDb(kind);
    buyer = await insertBuyer(t.db, { prefix: "panel", firstName: "Lucía", lastName: "Pérez" });
    // 00:30 on 15 February in Madrid: today and this month.
    await order({ paidAt: "2027-02-14T23:30:00.000Z", cents: 10000, method: "card" });
    // 23:30 on 14 February in Madrid: this month, not today.
    await order({ paidAt: "2027-02-14T22:30:00.000Z", cents: 20000, method: "klarna" });
    // 00:30 on 1 February in Madrid, 20 € of it refunded on 3 February: 30 € in February.
    const early = await order({ paidAt: "2027-01-31T23:30:00.000Z", cents: 5000, method: "card", refunded: 2000 });
    await refund(early, 2000, "2027-02-03T10:00:00.000Z");
    // 23:30 on 31 January in Madrid: January; 50 € of it refunded at 00:30 today (Madrid): today and February.
    const late = await order({ paidAt: "2027-01-31T22:30:00.000Z", cents: 40000, method: "sequra", refunded: 5000 });
    await refund(late, 5000, "2027-02-14T23:30:00.000Z");
    // A refund still waiting for the provider: nothing yet.
    await refund(late, 1000, "2027-02-15T08:00:00.000Z", "pending");
    // Paid in January and refunded in full in January: counts as an order, adds nothing.
    const back = await order({
      paidAt: "2027-01-10T12:00:00.000Z",
      cents: 30000,
      method: "sequra",
      status: "refunded",
      refunded: 30000,
    });
    await refund(back, 30000, "2027-01-20T12:00:00.000Z");
    // 01:30 on 1 March 2026 in Madrid: the oldest of the 12 months.
    await order({ paidAt: "2026-03-01T00:30:00.000Z", cents: 7000, method: "scalapay" });
    // 23:59 on 28 February 2026 in Madrid: 13 months ago, left out.
    await order({ paidAt: "2026-02-28T22:59:00.000Z", cents: 99900, method: "card" });
    // Not paid, and a demo order: left out.
    await order({ paidAt: null, cents: 50000 });
    await order({ paidAt: null, cents: 50000, status: "failed" });
    const demo = await order({ paidAt: "2027-02-15T09:00:00.000Z", cents: 65000, provider: "demo", refunded: 5000 });
    await refund(demo, 5000, "2027-02-15T09:30:00.000Z");

    await course("curso-alfa", "Curso Alfa");
    await course("curso-beta", "Curso Beta");
    await edition("curso-alfa", "2027-03-01", 10, 4);
    await edition("curso-beta", "2027-02-15", 6, 7);
    await edition("curso-alfa", "2027-02-01", 8, 8); // already started
    await edition("curso-beta", "2027-04-01", 8, 0, "cancelled");

    await question("¿Hacéis uñas de gel?", "2027-02-01T10:00:00.000Z", "salon.services");
    await question("haceis unas de gel", "2027-02-10T18:00:00.000Z", "salon.services");
    await question("HACÉIS UÑAS DE GEL?", "2027-02-03T10:00:00.000Z");
    await question("¿Tenéis parking?", "2027-02-14T23:30:00.000Z", "salon.location");
    await question("¿Tenéis parking?", "2027-01-10T10:00:00.000Z"); // 36 days ago: left out
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("counts this month's revenue: sales by the Madrid day paid, refunds by the day made", async () => {
    const d = await loadDashboard(t.db, NOW);
    expect(d.today).toBe("2027-02-15");
    expect(d.month).toBe("2027-02");
    // 100 + 200 + 50 − 20 − 50 (the January sale's refund made today).
    expect({ cents: d.monthCents, orders: d.monthOrders }).toEqual({ cents: 28000, orders: 3 });
    expect(d.demoOrders).toBe(1);
  });

  it("counts today's online takings by kind, minus today's refunds, the demo gateway apart", async () => {
    const today = await loadToday(t.db, NOW);
    expect(today.date).toBe("2027-02-15");
    expect(today.takings).toEqual({
      byKind: [
        { kind: "courses", name: "Cursos", cents: 10000, orders: 1 },
        { kind: "deposit", name: "Señales de citas", cents: 0, orders: 0 },
        { kind: "counter", name: "Caja del salón", cents: 0, orders: 0 },
      ],
      refundsCents: 5000,
      refunds: 1,
      netCents: 5000,
      demoCents: 60000,
      demoOrders: 1,
    });
  });

  it("buckets the last 12 Madrid months, oldest first", async () => {
    const d = await loadDashboard(t.db, NOW);
    expect(d.months.map((m) => m.month)).toEqual([
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
    ]);
    const byMonth = Object.fromEntries(d.months.map((m) => [m.month, [m.cents, m.orders]]));
    expect(byMonth["2026-03"]).toEqual([7000, 1]);
    expect(byMonth["2027-01"]).toEqual([40000, 2]);
    expect(byMonth["2027-02"]).toEqual([28000, 3]);
    expect(d.months.reduce((s, m) => s + m.cents, 0)).toBe(75000);
  });

  it("counts the orders of the last 12 months by payment method, every offered method listed", async () => {
    const d = await loadDashboard(t.db, NOW);
    expect(d.methods.map((m) => [m.key, m.orders, m.cents])).toEqual([
      ["card", 2, 13000],
      ["klarna", 1, 20000],
      ["sequra", 2, 35000],
      ["scalapay", 1, 7000],
    ]);
    expect(d.methods[0].name).toBe("Tarjeta de crédito o débito");
  });

  it("lists seats taken and offered of the editions from today, soonest first", async () => {
    const d = await loadDashboard(t.db, NOW);
    // Only this suite's courses (the test catalogue may hold others).
    const mine = d.editions.filter((e) => e.courseTitle.startsWith("Curso "));
    expect(mine.map((e) => [e.courseTitle, e.startsOn, e.taken, e.seats])).toEqual([
      ["Curso Beta", "2027-02-15", 7, 6],
      ["Curso Alfa", "2027-03-01", 4, 10],
    ]);
  });

  it("groups the unanswered questions of the last 30 days by normalised text", async () => {
    const d = await loadDashboard(t.db, NOW);
    expect(d.questions).toEqual([
      { text: "haceis unas de gel", count: 3, lastAskedAt: "2027-02-10T18:00:00.000Z", guess: "salon.services" },
      { text: "¿Tenéis parking?", count: 1, lastAskedAt: "2027-02-14T23:30:00.000Z", guess: "salon.location" },
    ]);
  });

  it("serves the panel to staff: figures, the counting rule, charts with data tables and the questions", async () => {
    const { context } = makeContext(t.db, kind);
    const staff: AuthUser = {
      id: newId(),
      email: "equipo@example.com",
      displayName: "Equipo",
      firstName: "Equipo",
      lastName: "",
      phone: "",
      emailVerified: true,
      role: "staff",
      secondFactor: true,
    };
    context.set(userContext, staff);
    const data = await loader({ request: new Request("http://localhost/gestion"), context, params: {} } as never);
    // The loader runs "now": the figures exist, whatever today is.
    expect(data.months).toHaveLength(12);
    expect(data.methods.map((m) => m.key)).toEqual(["card", "klarna", "sequra", "scalapay"]);
    // No seller data in this config: the panel says invoices wait, and for which fields.
    expect(data.sellerMissing).toEqual([
      "Nombre y apellidos o razón social",
      "NIF",
      "Dirección fiscal (calle y número)",
      "Código postal",
      "Municipio",
      "Provincia",
    ]);
    const notice = renderToString(createElement(StaffPanel, { loaderData: data } as never));
    expect(notice).toContain("No se están emitiendo facturas");
    expect(notice).toContain('href="/gestion/datos-fiscales"');

    const loaderData = {
      ...(await loadDashboard(t.db, NOW)),
      day: await loadToday(t.db, NOW),
      sellerMissing: [],
      aeat: { stalePending: 0, rejected: 0, rejectedNumbers: [] },
    };
    const html = renderToString(createElement(StaffPanel, { loaderData } as never)).replaceAll("<!-- -->", "");
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).not.toContain("No se están emitiendo facturas");
    expect(html).toContain("Hoy: lunes, 15 de febrero");
    expect(html).toContain(formatEuros(5000));
    expect(html).toContain(`Reembolsos: −${formatEuros(5000)} (1)`);
    expect(html).toContain("Lo cobrado en el salón aún no se registra aquí");
    expect(html).toContain(`hoy, 1 pedido de demostración: ${formatEuros(60000)}`);
    expect(html).toContain("No hay citas hoy.");
    expect(html).toContain("Este mes, febrero de 2027");
    expect(html).toContain(formatEuros(28000));
    expect(html).toContain("cada reembolso resta en el mes en que se hizo");
    // When the money figures were read (NOW, 11:00 in Madrid), and that they may be up to a minute old.
    expect(loaderData.moneyReadAt).toBe(NOW.toISOString());
    expect(html).toContain("calculadas a las 11:00: se actualizan como mucho cada minuto");
    expect(html).toContain("hay 1 pedido de demostración");
    expect(html.match(/role="img"/g)).toHaveLength(3);
    expect(html.match(/<summary>Ver datos<\/summary>/g)).toHaveLength(3);
    expect(html).toContain('<th scope="row">Curso Beta · 15 de febrero de 2027</th>');
    expect(html).toContain('<th scope="row">haceis unas de gel</th>');
    expect(html).toContain("Servicios del salón");
    expect(html).toContain("10 de febrero de 2027");
  });
});
