/**
 * The day's till (issue 35) on SQLite and PostgreSQL: opening with a float,
 * cash movements, the cash expected from the day's charged sales and returns,
 * the close with its count (a difference needs a note), a closed day frozen,
 * sales after the close counted the next day, the owner's reopening (audited),
 * two closes at once, and the Z report's figures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditActor } from "~/audit/audit.server.ts";
import {
  addMovement,
  CashDayError,
  cashDayForSale,
  closeDay,
  dayState,
  openDay,
  reopenDay,
  zReport,
  type ZReport,
} from "~/counter/cash-day.server.ts";
import { madridTimeToInstant } from "~/domain/calendar-dates.ts";
import { makeUser } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { audits, insertInvoice, insertReturn, insertSale, refusal } from "./counter-cash-fixtures.ts";

describe.each(dbKinds)("the day's till on %s", (kind) => {
  let t: TestDb;
  let staff: AuditActor;
  let owner: AuditActor;

  beforeAll(async () => {
    t = await createTestDb(kind);
    const s = await makeUser(t.db, "caja@example.com");
    await t.db.updateTable("users").set({ role: "staff", display_name: "Eva Caja" }).where("id", "=", s.id).execute();
    const o = await makeUser(t.db, "duena@example.com");
    await t.db.updateTable("users").set({ role: "owner" }).where("id", "=", o.id).execute();
    staff = { id: s.id, email: s.email };
    owner = { id: o.id, email: o.email };
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("opens a day once, takes movements, and expects float + cash sales + in − out − returns", async () => {
    const day = "2026-11-24";
    expect((await dayState(t.db, day)).opened).toBe(false);
    expect(
      (await refusal(addMovement(t.db, { day, direction: "in", amountCents: 100, reason: "x", actor: staff }))).problem,
    ).toBe("not-open");
    await openDay(t.db, { day, floatCents: 10_000, actor: staff });
    const again = await refusal(openDay(t.db, { day, floatCents: 5_000, actor: staff }));
    expect([again.problem, again.message]).toEqual(["already-open", "La caja de ese día ya está abierta."]);

    await addMovement(t.db, { day, direction: "in", amountCents: 2_000, reason: "Cambio del banco", actor: staff });
    await addMovement(t.db, { day, direction: "out", amountCents: 1_500, reason: " Algodón y acetona ", actor: staff });
    expect(
      (await refusal(addMovement(t.db, { day, direction: "out", amountCents: 0, reason: "x", actor: staff }))).problem,
    ).toBe("invalid");
    expect(
      (await refusal(addMovement(t.db, { day, direction: "in", amountCents: 100, reason: "  ", actor: staff })))
        .problem,
    ).toBe("reason-required");

    // Cash 30 € + a 5 € tip in cash; a card sale; a draft and another day's sale do not count.
    const cashSale = await insertSale(t.db, {
      day,
      lines: [{ professionalId: "laura", totalCents: 3_000, vatRateBp: 2100 }],
      payments: [{ method: "cash", amountCents: 3_500 }],
      tipCents: 500,
    });
    await insertSale(t.db, {
      day,
      lines: [{ professionalId: "sofia", totalCents: 4_500, vatRateBp: 2100 }],
      payments: [{ method: "card", amountCents: 4_500 }],
    });
    await insertSale(t.db, { day, status: "draft", lines: [], payments: [{ method: "cash", amountCents: 9_900 }] });
    await insertSale(t.db, { day: "2026-11-23", lines: [], payments: [{ method: "cash", amountCents: 7_700 }] });
    await insertReturn(t.db, {
      saleId: cashSale.saleId,
      orderId: cashSale.orderId,
      day,
      method: "cash",
      amountCents: 1_200,
    });

    const state = await dayState(t.db, day);
    expect(state).toMatchObject({
      opened: true,
      closed: false,
      floatCents: 10_000,
      openedBy: "Eva Caja",
      cashSalesCents: 3_500,
      cashInCents: 2_000,
      cashOutCents: 1_500,
      cashReturnsCents: 1_200,
      expectedCents: 12_800,
      cardCents: 4_500,
      bizumCents: 0,
    });
    expect(state.movements.map((m) => [m.direction, m.amountCents, m.reason, m.createdBy])).toEqual([
      ["in", 2_000, "Cambio del banco", "Eva Caja"],
      ["out", 1_500, "Algodón y acetona", "Eva Caja"],
    ]);
    expect((await audits(t.db, day)).map((a) => a.action)).toEqual(["cash.open", "cash.movement", "cash.movement"]);
  });

  it("closes with a 2 € difference only with a note; the closed day refuses changes and sales move on", async () => {
    const day = "2026-11-24";
    const noon = madridTimeToInstant(day, 12);
    expect(await cashDayForSale(t.db, noon)).toBe(day);
    // 128,00 € expected; counted 2 × 50 € + 1 × 20 € + 5 × 2 € = 130,00 €.
    const detail = { "5000": 2, "2000": 1, "200": 5 };
    const noNote = await refusal(closeDay(t.db, { day, detail, note: "  ", actor: staff }));
    expect(noNote.problem).toBe("note-required");
    expect(noNote.differenceCents).toBe(200);
    expect(noNote.message).toContain("sobran 2,00");
    expect((await dayState(t.db, day)).closed).toBe(false);

    const result = await closeDay(t.db, { day, detail, note: "Propina sin anotar", actor: staff });
    expect(result).toEqual({ expectedCents: 12_800, countedCents: 13_000, differenceCents: 200 });
    const state = await dayState(t.db, day);
    expect(state.closed).toBe(true);
    expect(state.close).toMatchObject({
      closedBy: "Eva Caja",
      expectedCents: 12_800,
      countedCents: 13_000,
      differenceCents: 200,
      detail: { "5000": 2, "2000": 1, "200": 5 },
      note: "Propina sin anotar",
    });
    const close = (await audits(t.db, day)).at(-1);
    expect(close?.action).toBe("cash.close");
    expect(JSON.parse(close?.after_json ?? "{}")).toMatchObject({ differenceCents: 200, note: "Propina sin anotar" });

    const moved = await refusal(
      addMovement(t.db, { day, direction: "in", amountCents: 100, reason: "x", actor: staff }),
    );
    expect([moved.problem, moved.message]).toEqual(["closed", "La caja de ese día ya está cerrada."]);
    expect((await refusal(closeDay(t.db, { day, detail, note: "otra", actor: staff }))).problem).toBe("closed");
    expect(await cashDayForSale(t.db, noon)).toBe("2026-11-25");
    // The next day closed too: the day after.
    await openDay(t.db, { day: "2026-11-25", floatCents: 0, actor: staff });
    await closeDay(t.db, { day: "2026-11-25", detail: {}, note: null, actor: staff });
    expect(await cashDayForSale(t.db, noon)).toBe("2026-11-26");
  });

  it("the owner reopens a closed day with a reason, audited with before and after", async () => {
    const day = "2026-11-24";
    expect((await refusal(reopenDay(t.db, { day, reason: " ", actor: owner }))).problem).toBe("reason-required");
    await reopenDay(t.db, { day, reason: "Faltaba anotar una salida", actor: owner });
    const state = await dayState(t.db, day);
    expect(state).toMatchObject({ closed: false, close: null, reopenCount: 1, expectedCents: 12_800 });
    const row = await t.db.selectFrom("cash_days").selectAll().where("day", "=", day).executeTakeFirstOrThrow();
    expect([row.closed_at, row.counted_cents, row.counted_detail, row.difference_cents, row.note]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    const entry = (await audits(t.db, day)).at(-1);
    expect(entry?.action).toBe("cash.reopen");
    expect(entry?.actor_email).toBe("duena@example.com");
    expect(JSON.parse(entry?.before_json ?? "{}")).toMatchObject({
      status: "closed",
      differenceCents: 200,
      countedCents: 13_000,
    });
    expect(JSON.parse(entry?.after_json ?? "{}")).toEqual({
      status: "open",
      reason: "Faltaba anotar una salida",
      reopenCount: 1,
    });
    expect((await refusal(reopenDay(t.db, { day, reason: "otra vez", actor: owner }))).problem).toBe("not-closed");
    expect(await cashDayForSale(t.db, madridTimeToInstant(day, 18))).toBe(day);
    await addMovement(t.db, { day, direction: "out", amountCents: 200, reason: "Propina a Laura", actor: staff });
    expect(
      (await closeDay(t.db, { day, detail: { "5000": 2, "2000": 1, "200": 3 }, note: null, actor: staff }))
        .differenceCents,
    ).toBe(0);
  });

  it("two closes at once: one wins, the other is told the day is closed", async () => {
    const day = "2026-11-27";
    await openDay(t.db, { day, floatCents: 5_000, actor: staff });
    const results = await Promise.allSettled([
      closeDay(t.db, { day, detail: { "5000": 1 }, note: null, actor: staff }),
      closeDay(t.db, { day, detail: { "5000": 1 }, note: null, actor: owner }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect(rejected?.status === "rejected" && rejected.reason instanceof CashDayError && rejected.reason.message).toBe(
      "La caja de ese día ya está cerrada.",
    );
    expect((await audits(t.db, day)).map((a) => a.action)).toEqual(["cash.open", "cash.close"]);
  });

  it("the Z report: sales, methods, tips, VAT from the invoices, returns and professionals", async () => {
    const day = "2026-11-28";
    const pro = async (id: string) =>
      (await t.db.selectFrom("professionals").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name;
    const one = await insertSale(t.db, {
      day,
      lines: [
        { professionalId: "laura", totalCents: 3_000, vatRateBp: 2100 },
        { professionalId: "sofia", totalCents: 2_500, vatRateBp: 1000, quantity: 2, kind: "product" },
      ],
      payments: [{ method: "cash", amountCents: 5_500 }],
    });
    const two = await insertSale(t.db, {
      day,
      lines: [
        { professionalId: null, totalCents: 1_000, vatRateBp: 2100, kind: "manual" },
        { professionalId: "laura", totalCents: 4_000, vatRateBp: 2100 },
      ],
      payments: [
        { method: "card", amountCents: 3_000 },
        { method: "bizum", amountCents: 2_300 },
      ],
      tipCents: 300,
    });
    await insertSale(t.db, {
      day,
      lines: [{ professionalId: "sofia", totalCents: 800, vatRateBp: 2100 }],
      payments: [{ method: "cash", amountCents: 800 }],
    });
    await insertInvoice(t.db, {
      orderId: one.orderId,
      kind: "F2",
      lines: [
        { totalCents: 3_000, vatRateBp: 2100 },
        { totalCents: 2_500, vatRateBp: 1000 },
      ],
    });
    await insertInvoice(t.db, {
      orderId: two.orderId,
      kind: "F2",
      lines: [
        { totalCents: 1_000, vatRateBp: 2100 },
        { totalCents: 4_000, vatRateBp: 2100 },
      ],
    });
    const refundId = await insertReturn(t.db, {
      saleId: one.saleId,
      orderId: one.orderId,
      day,
      method: "cash",
      amountCents: 1_250,
    });
    await insertInvoice(t.db, {
      orderId: one.orderId,
      kind: "R5",
      refundId,
      lines: [{ totalCents: -1_250, vatRateBp: 1000 }],
    });

    const z = await zReport(t.db, day);
    expect(z).toMatchObject({
      day,
      salesCount: 3,
      salesTotalCents: 11_300,
      tipsCents: 300,
      takenCents: 11_600,
      salesWithoutInvoice: 1,
      returns: { count: 1, totalCents: 1_250 },
    });
    expect(z.byMethod).toEqual([
      { method: "cash", takenCents: 6_300, returnedCents: 1_250, netCents: 5_050 },
      { method: "card", takenCents: 3_000, returnedCents: 0, netCents: 3_000 },
      { method: "bizum", takenCents: 2_300, returnedCents: 0, netCents: 2_300 },
    ]);
    // 80,00 € at 21 %: base 66,12 (24,79 + 8,26 + 33,06 from each line's own split), VAT 13,88; 25,00 € at 10 %.
    expect(z.byVat).toEqual([
      { rateBp: 2100, baseCents: 2_479 + 826 + 3_306, vatCents: 521 + 174 + 694, totalCents: 8_000 },
      { rateBp: 1000, baseCents: 2_273, vatCents: 227, totalCents: 2_500 },
    ]);
    expect(z.refundsByVat).toEqual([{ rateBp: 1000, baseCents: -1_136, vatCents: -114, totalCents: -1_250 }]);
    const named: ZReport["perProfessional"] = [
      { professionalId: "laura", name: await pro("laura"), lines: 2, netCents: 7_000 },
      { professionalId: "sofia", name: await pro("sofia"), lines: 2, netCents: 3_300 },
    ];
    // By name, "Sin profesional" last.
    expect(z.perProfessional).toEqual([
      ...named.sort((a, b) => a.name.localeCompare(b.name, "es")),
      { professionalId: null, name: "Sin profesional", lines: 1, netCents: 1_000 },
    ]);
    expect(z.cash).toMatchObject({
      opened: false,
      cashSalesCents: 6_300,
      cashReturnsCents: 1_250,
      expectedCents: 5_050,
    });
  });
});
