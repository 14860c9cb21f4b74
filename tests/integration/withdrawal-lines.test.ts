/**
 * Withdrawing from one course of a two-course order (outside walk, item 13), on
 * SQLite and PostgreSQL: the page's steps (a box per course, none checked; the
 * confirmation with the amount from the server; the result), a refund of that
 * course's price only with a rectificativa for its line only, its seat freed
 * and offered to the waiting list, the emails naming the course, a second
 * attempt refused, and two simultaneous withdrawals of the same course
 * refunding once.
 */
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "~/auth/session.server.ts";
import { provideUser } from "~/auth/user-context.server.ts";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import type { Db } from "~/db/db.server.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { LINE_UNAVAILABLE_MESSAGE, NO_LINE_MESSAGE } from "~/domain/withdrawal-lines.ts";
import { createLogger } from "~/lib/logger.server.ts";
import type { EmailContext } from "~/mail/email-jobs.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { refundNoticeTemplate } from "~/orders/refund-email.server.ts";
import { completeRefund, listRefunds } from "~/orders/refunds.server.ts";
import { refundOrderAsStaff } from "~/orders/staff-refunds.server.ts";
import { withdrawalAckTemplate } from "~/orders/withdrawal-email.server.ts";
import { withdrawFromOrder } from "~/orders/withdrawals.server.ts";
import { loader as purchasesLoader } from "~/routes/perfil.compras.tsx";
import { loadWithdrawalPage, withdrawalAction } from "~/routes/perfil.compras.desistir.server.ts";
import { salonNotificationTemplates } from "~/salon/notification-emails.server.ts";
import { makeContext, makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { TEST_INVOICING } from "../helpers/invoices.ts";
import { enrolmentsOf, seatsTaken } from "./refunds-fixtures.ts";
import { insertCourse, insertEdition, insertOrder, statusOf } from "./staff-orders-fixtures.ts";

type Ctx = Readonly<RouterContextProvider>;

const emailContext = (db: Db): EmailContext => ({
  db,
  publicUrl: "http://localhost:3999",
  logger: createLogger("silent"),
  now: new Date(),
});

describe.each(dbKinds)("withdrawal from one course of an order on %s", (kind) => {
  let t: TestDb;
  let n = 0;

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** Two courses of their own (A: one seat; B: five), bought together and paid through the real fulfilment. */
  async function twoCourseOrder(opts: { startsA?: string; endsA?: string; waiver?: boolean } = {}) {
    n += 1;
    const a = { courseId: `desist-a-${n}`, editionId: `desist-a-${n}-ed`, title: `Curso A ${n}`, priceCents: 30000 };
    const b = { courseId: `desist-b-${n}`, editionId: `desist-b-${n}-ed`, title: `Curso B ${n}`, priceCents: 28000 };
    const startsA = opts.startsA ?? "2031-03-03";
    const endsA = opts.endsA ?? "2031-03-05";
    await insertCourse(t.db, a.courseId, a.title, a.priceCents);
    await insertCourse(t.db, b.courseId, b.title, b.priceCents);
    await insertEdition(t.db, { id: a.editionId, courseId: a.courseId, startsOn: startsA, endsOn: endsA, seats: 1 });
    await insertEdition(t.db, {
      id: b.editionId,
      courseId: b.courseId,
      startsOn: "2031-04-07",
      endsOn: "2031-04-09",
      seats: 5,
    });
    const buyer = await makeUser(t.db, `nuria.desiste.${kind}.${n}@example.com`);
    const orderId = await insertOrder(t.db, {
      user: buyer,
      createdAt: new Date().toISOString(),
      lines: [
        { ...a, startsOn: startsA, endsOn: endsA },
        { ...b, startsOn: "2031-04-07", endsOn: "2031-04-09" },
      ],
    });
    if (opts.waiver) {
      await t.db
        .updateTable("orders")
        .set({ withdrawal_waiver_at: new Date().toISOString() })
        .where("id", "=", orderId)
        .execute();
    }
    const paid = await fulfilOrder(
      t.db,
      { eventId: `evt_${orderId}`, type: "checkout.session.completed", orderId },
      TEST_INVOICING,
    );
    expect(paid.outcome).toBe("paid");
    const items = await t.db
      .selectFrom("order_items")
      .select(["id", "course_id"])
      .where("order_id", "=", orderId)
      .execute();
    const lineA = items.find((i) => i.course_id === a.courseId)!.id;
    const lineB = items.find((i) => i.course_id === b.courseId)!.id;
    const token = await insertSession(t.db, buyer.id);
    const { context } = makeContext(t.db, kind);
    await provideUser(new Request("http://localhost/perfil", { headers: { cookie: `an_session=${token}` } }), context);
    return { orderId, buyer, a, b, lineA, lineB, context: context as Ctx };
  }

  const confirm = (o: { orderId: string; context: Ctx }, lines: string[]) => {
    const body = new URLSearchParams([["intent", "confirmar-desistimiento"], ...lines.map((id) => ["linea", id])]);
    const request = new Request(`http://localhost/perfil/compras/${o.orderId}/desistir`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
    return withdrawalAction(request, o.context, o.orderId).catch((err: unknown) => err);
  };

  const invoiceLines = (orderId: string) =>
    t.db
      .selectFrom("invoices")
      .innerJoin("invoice_lines", "invoice_lines.invoice_id", "invoices.id")
      .select(["invoices.kind", "invoices.refund_id", "invoice_lines.order_item_id", "invoice_lines.total_cents"])
      .where("invoices.order_id", "=", orderId)
      .orderBy("invoices.issued_at")
      .orderBy("invoice_lines.position")
      .execute();

  it("refunds only the course chosen, rectifies its line, frees its seat for the waiting list and names it in the emails", async () => {
    const o = await twoCourseOrder();
    await t.db
      .insertInto("waitlist_entries")
      .values({
        id: `espera-${n}`,
        edition_id: o.a.editionId,
        email: `espera.${kind}.${n}@example.com`,
        user_id: null,
        created_at: new Date().toISOString(),
        confirmed_at: new Date().toISOString(),
        offered_at: null,
        offer_expires_at: null,
        status: "waiting",
      })
      .execute();
    expect(await seatsTaken(t.db, o.a.editionId)).toBe(1);

    // Step 1: a box per course, none checked; «Continuar» with none is refused in Spanish.
    const step1 = await loadWithdrawalPage(o.context, o.orderId);
    expect(step1.open).toBe(true);
    expect(step1.checked).toEqual([]);
    expect(step1.items.map((i) => i.state)).toEqual(["open", "open"]);
    expect(step1.review).toBeNull();
    const none = await loadWithdrawalPage(o.context, o.orderId, new URLSearchParams({ paso: "revisar" }));
    expect(none.review).toBeNull();
    expect(none.error).toBe(NO_LINE_MESSAGE);

    // Step 2: the confirmation states the course and its amount, from the server.
    const step2 = await loadWithdrawalPage(
      o.context,
      o.orderId,
      new URLSearchParams({ paso: "revisar", linea: o.lineA }),
    );
    expect(step2.review).toEqual({ lineIds: [o.lineA], titles: [o.a.title], plan: { kind: "refund", cents: 30000 } });
    expect(await statusOf(() => confirm(o, []))).toBe(400);

    const done = await confirm(o, [o.lineA]);
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).status).toBe(302);
    const location = new URL((done as Response).headers.get("location")!, "http://localhost");
    expect(location.pathname).toBe(`/perfil/compras/${o.orderId}/desistir`);

    const refunds = await listRefunds(t.db, o.orderId);
    expect(refunds.map((r) => [r.reason, Number(r.amount_cents), r.item_ids])).toEqual([
      ["withdrawal", 30000, JSON.stringify([o.lineA])],
    ]);
    // Course A's enrolment ends now and its seat goes to the person waiting; course B is untouched.
    expect(await enrolmentsOf(t.db, o.orderId)).toEqual([
      { course_id: o.a.courseId, ended_at: expect.any(String), end_reason: "withdrawal" },
      { course_id: o.b.courseId, ended_at: null, end_reason: null },
    ]);
    expect(await seatsTaken(t.db, o.a.editionId)).toBe(0);
    expect(await seatsTaken(t.db, o.b.editionId)).toBe(1);
    const entry = await t.db
      .selectFrom("waitlist_entries")
      .select("status")
      .where("id", "=", `espera-${n}`)
      .executeTakeFirstOrThrow();
    expect(entry.status).toBe("offered");

    // The result in view, and course B still withdrawable.
    const result = await loadWithdrawalPage(o.context, o.orderId, location.searchParams);
    expect(result.justDone).toBe(true);
    expect(result.done?.titles).toEqual([o.a.title]);
    expect(result.done?.next).toContain("Te devolvemos 300,00");
    expect(result.open).toBe(true);
    expect(result.items.map((i) => i.state)).toEqual(["withdrawn", "open"]);
    expect((await purchasesLoader({ context: o.context } as never)).withdrawal[o.orderId]).toBe("open");

    // The buyer's acknowledgement and the salon's notice name course A.
    const job = await t.db
      .selectFrom("jobs")
      .select("payload")
      .where("kind", "=", "email:withdrawal-ack")
      .where("payload", "like", `%${o.orderId}%`)
      .executeTakeFirstOrThrow();
    const ack = (await withdrawalAckTemplate.render(
      emailContext(t.db),
      JSON.parse(job.payload) as Record<string, unknown>,
    ))!;
    expect(ack.text).toContain(`Curso del que desistes:\n- ${o.a.title}\n`);
    expect(ack.text).not.toContain(o.b.title);
    expect(ack.text).toContain("Te devolvemos 300,00");
    const notice = (await salonNotificationTemplates("salon@example.com")["salon-withdrawal"]!.render(
      emailContext(t.db),
      {
        refundId: refunds[0]!.id,
      },
    ))!;
    expect(notice.text).toMatch(new RegExp(`Desiste de: ${o.a.title} \\(convocatoria del [^)]+\\): 300,00`, "u"));

    // The refund made: a rectificativa for course A's line only.
    expect(await completeRefund(t.db, refunds[0]!.id, "re_a", new Date(), TEST_INVOICING)).toBe(true);
    const lines = await invoiceLines(o.orderId);
    expect(lines.filter((l) => l.refund_id !== null).map((l) => [l.order_item_id, l.total_cents])).toEqual([
      [o.lineA, -30000],
    ]);
    expect(lines.filter((l) => l.refund_id === null)).toHaveLength(2);
    const refundMail = (await refundNoticeTemplate.render(emailContext(t.db), { refundId: refunds[0]!.id }))!;
    expect(refundMail.text).toContain(`: ${o.a.title}.`);
    expect(refundMail.text).not.toContain(o.b.title);
    expect(refundMail.text).toContain("Has desistido del contrato");
    const order = await t.db
      .selectFrom("orders")
      .select(["status", "refunded_cents"])
      .where("id", "=", o.orderId)
      .executeTakeFirstOrThrow();
    expect([order.status, Number(order.refunded_cents)]).toEqual(["paid", 30000]);

    // A second attempt: the same course again is the same withdrawal (nothing more refunded); with B too it is refused.
    expect(await statusOf(() => confirm(o, [o.lineA]))).toBe(302);
    expect(await statusOf(() => confirm(o, [o.lineA, o.lineB]))).toBe(409);
    const mixed = (await confirm(o, [o.lineA, o.lineB])) as { data: { error: string } };
    expect(mixed.data.error).toBe(LINE_UNAVAILABLE_MESSAGE);
    expect(
      await withdrawFromOrder(t.db, { userId: o.buyer.id, orderId: o.orderId, itemIds: [o.lineA, o.lineB] }),
    ).toEqual({
      ok: false,
      reason: "line-unavailable",
    });
    expect(await listRefunds(t.db, o.orderId)).toHaveLength(1);

    // Later, course B: its own refund and rectificativa; the order is then refunded in full.
    expect(await statusOf(() => confirm(o, [o.lineB]))).toBe(302);
    const second = (await listRefunds(t.db, o.orderId)).find((r) => r.id !== refunds[0]!.id)!;
    expect([Number(second.amount_cents), second.item_ids]).toEqual([28000, JSON.stringify([o.lineB])]);
    expect(await completeRefund(t.db, second.id, "re_b", new Date(), TEST_INVOICING)).toBe(true);
    const rectified = (await invoiceLines(o.orderId)).filter((l) => l.refund_id !== null);
    expect(rectified.map((l) => [l.order_item_id, l.total_cents])).toEqual([
      [o.lineA, -30000],
      [o.lineB, -28000],
    ]);
    expect(
      (await t.db.selectFrom("orders").select("status").where("id", "=", o.orderId).executeTakeFirstOrThrow()).status,
    ).toBe("refunded");
    expect(await seatsTaken(t.db, o.b.editionId)).toBe(0);
    const page = await loadWithdrawalPage(o.context, o.orderId);
    expect(page.open).toBe(false);
    expect((await purchasesLoader({ context: o.context } as never)).withdrawal[o.orderId]).toBe("done");
  });

  it("two simultaneous withdrawals of the same course refund it once", async () => {
    const o = await twoCourseOrder();
    const run = (itemIds: string[]) => withdrawFromOrder(t.db, { userId: o.buyer.id, orderId: o.orderId, itemIds });
    const [x, y] = await Promise.all([run([o.lineA]), run([o.lineA])]);
    expect([x, y].filter((r) => r.ok && r.created)).toHaveLength(1);
    expect([x, y].every((r) => r.ok)).toBe(true);
    // The same course alone and with the other, at once: one of them withdraws A, never both.
    const p = await twoCourseOrder();
    const both = await Promise.all([
      withdrawFromOrder(t.db, { userId: p.buyer.id, orderId: p.orderId, itemIds: [p.lineA] }),
      withdrawFromOrder(t.db, { userId: p.buyer.id, orderId: p.orderId, itemIds: [p.lineA, p.lineB] }),
    ]);
    expect(both.filter((r) => r.ok && r.created)).toHaveLength(1);
    for (const orderId of [o.orderId, p.orderId]) {
      const refunds = await listRefunds(t.db, orderId);
      expect(refunds).toHaveLength(1);
      const lines = await t.db
        .selectFrom("withdrawal_lines")
        .innerJoin("withdrawals", "withdrawals.id", "withdrawal_lines.withdrawal_id")
        .select("withdrawal_lines.order_item_id")
        .where("withdrawals.order_id", "=", orderId)
        .execute();
      expect(lines.filter((l) => l.order_item_id === (orderId === o.orderId ? o.lineA : p.lineA))).toHaveLength(1);
      expect(await t.db.selectFrom("withdrawals").select("id").where("order_id", "=", orderId).execute()).toHaveLength(
        1,
      );
    }
    expect(Number((await listRefunds(t.db, o.orderId))[0]!.amount_cents)).toBe(30000);
    expect(await seatsTaken(t.db, o.a.editionId)).toBe(0);
  });

  it("after an early start only the course that started waits for the staff; the other is refunded at once", async () => {
    const today = todayInMadrid();
    const o = await twoCourseOrder({ startsA: addDays(today, -1), endsA: addDays(today, 1), waiver: true });
    const review = await loadWithdrawalPage(
      o.context,
      o.orderId,
      new URLSearchParams({ paso: "revisar", linea: o.lineA }),
    );
    // Three days, withdrawn on the second: one left → 30000 × 1 / 3.
    expect(review.review?.plan).toEqual({ kind: "staff", proposedCents: 10000 });
    expect(await statusOf(() => confirm(o, [o.lineB]))).toBe(302);
    expect(await statusOf(() => confirm(o, [o.lineA]))).toBe(302);
    const rows = await t.db
      .selectFrom("withdrawals")
      .select(["status", "proposed_cents"])
      .where("order_id", "=", o.orderId)
      .orderBy("status")
      .execute();
    expect(rows.map((r) => [r.status, r.proposed_cents === null ? null : Number(r.proposed_cents)])).toEqual([
      ["pending-staff", 10000],
      ["refunded", null],
    ]);
    expect((await listRefunds(t.db, o.orderId)).map((r) => Number(r.amount_cents))).toEqual([28000]);
    // The staff confirm the proposal: that refund names course A, so its rectificativa is for A's line.
    const staff = await makeUser(t.db, `rosa.desiste.${kind}.${n}@example.com`);
    const confirmed = await refundOrderAsStaff(
      t.db,
      { id: staff.id, email: staff.email },
      { orderId: o.orderId, refundId: crypto.randomUUID(), amountCents: 10000, reason: "withdrawal", note: "" },
    );
    expect(confirmed.ok).toBe(true);
    const staffRefund = (await listRefunds(t.db, o.orderId)).find((r) => Number(r.amount_cents) === 10000)!;
    expect(staffRefund.item_ids).toBe(JSON.stringify([o.lineA]));
    expect(
      (
        await t.db
          .selectFrom("withdrawals")
          .select("status")
          .where("refund_id", "=", staffRefund.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("confirmed");
  });
});
