/**
 * Billing details at checkout (issue 13), on SQLite and PostgreSQL: above
 * 400 € the factura completa is the law, so an order without a valid NIF, NIE
 * or CIF, name and address is refused (the page, the JSON API and createOrder
 * itself); with them the order carries them, the account keeps them for next
 * time, and the paid order's invoice is an F1. Up to 400 € they are asked only
 * when the buyer ticks the box. A reused pending order takes the latest details.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userContext } from "~/auth/user-context.server.ts";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { BILLING_INVALID_MESSAGE, BILLING_REQUIRED_MESSAGE } from "~/domain/billing-details.ts";
import { TAX_ID_MESSAGES } from "~/domain/tax-id.ts";
import { CheckoutError } from "~/orders/checkout-error.ts";
import { createOrder } from "~/orders/orders.server.ts";
import { createCheckoutFromRequest } from "~/payments/api.server.ts";
import { processPaymentEvent, type PaymentDeps } from "~/payments/checkout.server.ts";
import { checkoutAction, loadCheckout } from "~/routes/checkout.server.ts";
import { loadPersonal, personalAction } from "~/routes/perfil.datos.server.ts";
import { makeContext, testConfig } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { demoPaidEvent, insertBuyer } from "../helpers/payments.ts";
import { demoSeatDeps, insertCourseWithEditions, type SeatFixture } from "../helpers/seats.ts";

const SELLER = {
  legalName: "Alejandra Nails S.L.",
  nif: "B65410011",
  address: "Carrer Major 1",
  postalCode: "08750",
  city: "Molins de Rei",
  province: "Barcelona",
  registry: "",
  seriesPrefix: "AN",
};

const BILLING = {
  billingName: "Marta Soler Puig",
  billingTaxId: "12345678-z",
  billingAddress: "Carrer de la Pau 3, 2º",
  billingPostalCode: "08750",
  billingCity: "Molins de Rei",
};

describe.each(dbKinds)("billing details at checkout on %s", (kind) => {
  let t: TestDb;
  let f: SeatFixture;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    f = demoSeatDeps(t.db, kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const today = todayInMadrid();
  const course = (euros: number) =>
    insertCourseWithEditions(t.db, [{ startsOn: addDays(today, 45), seats: 5 }], euros * 100);

  async function buyer() {
    const user = await insertBuyer(t.db, { prefix: "factura", firstName: "Marta", lastName: "Soler" });
    const config = testConfig({ demoPayments: true, seller: SELLER, verifactuMode: "off" });
    const { context, services } = makeContext(t.db, kind, { config });
    Object.assign(services, { payments: f.deps.payments });
    context.set(userContext, {
      ...user,
      displayName: "Marta Soler",
      firstName: "Marta",
      lastName: "Soler",
      phone: "",
      emailVerified: true,
      role: "customer",
      secondFactor: false,
    });
    return { user, context, services: services as unknown as PaymentDeps };
  }
  const post = (path: string, fields: Record<string, string>) =>
    new Request(`http://localhost:3000${path}`, { method: "POST", body: new URLSearchParams(fields) });
  type Refusal = {
    data: { errors: Record<string, string>; values: { billing: Record<string, string>; wantsFullInvoice: boolean } };
    init: { status: number };
  };
  const ordersOf = (userId: string) => t.db.selectFrom("orders").selectAll().where("user_id", "=", userId).execute();
  const userRow = (id: string) => t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const buy = (courseId: string, context: Parameters<typeof checkoutAction>[1], fields: Record<string, string> = {}) =>
    checkoutAction(post(`/checkout/${courseId}`, { method: "card", terms: "on", ...fields }), context, courseId);

  it("a 999 € order without a NIF cannot be completed; with one it gets a factura completa", async () => {
    const dear = await course(999);
    const { user, context, services } = await buyer();
    const page = await loadCheckout(context, dear.courseId, new URL(`http://localhost:3000/checkout/${dear.courseId}`));
    expect(page.billing.required).toBe(true);
    expect(page.billing.values.billingTaxId).toBe("");

    // Without details (the box does not matter above 400 €): every field's error, values kept, no order.
    const none = (await buy(dear.courseId, context, { billingName: "Marta" })) as unknown as Refusal;
    expect(none.init.status).toBe(400);
    expect(none.data.errors.billingTaxId).toBe(TAX_ID_MESSAGES.empty);
    expect(none.data.errors.billingAddress).toBeTruthy();
    expect(none.data.values.billing.billingName).toBe("Marta");
    expect(await ordersOf(user.id)).toHaveLength(0);

    // A wrong control letter, and the terms missing too: both errors at once.
    const wrong = (await checkoutAction(
      post(`/checkout/${dear.courseId}`, { method: "card", ...BILLING, billingTaxId: "12345678A" }),
      context,
      dear.courseId,
    )) as unknown as Refusal;
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.errors).toMatchObject({ billingTaxId: TAX_ID_MESSAGES.check, terms: expect.any(String) });
    expect(await ordersOf(user.id)).toHaveLength(0);

    const done = await buy(dear.courseId, context, BILLING);
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).status).toBe(302);
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({
      total_cents: 99_900,
      billing_name: "Marta Soler Puig",
      billing_tax_id: "12345678Z",
      billing_address: "Carrer de la Pau 3, 2º",
      billing_postal_code: "08750",
      billing_city: "Molins de Rei",
    });
    expect(await userRow(user.id)).toMatchObject({
      billing_name: "Marta Soler Puig",
      billing_tax_id: "12345678Z",
      billing_city: "Molins de Rei",
    });

    // Paid: the invoice issued with the payment is a factura completa with her details.
    expect(
      await processPaymentEvent(
        services,
        demoPaidEvent({ orderId: order!.id, sessionId: order!.provider_session_id! }),
      ),
    ).toBe("paid");
    const invoice = await t.db
      .selectFrom("invoices")
      .selectAll()
      .where("order_id", "=", order!.id)
      .executeTakeFirstOrThrow();
    expect(invoice.kind).toBe("F1");
    expect(JSON.stringify(invoice)).toContain("12345678Z");

    // Next time the page offers the saved details.
    const other = await course(999);
    const again = await loadCheckout(
      context,
      other.courseId,
      new URL(`http://localhost:3000/checkout/${other.courseId}`),
    );
    expect(again.billing.values).toMatchObject({ billingTaxId: "12345678Z", billingName: "Marta Soler Puig" });
  });

  it("up to 400 €: simplified without details; the box asks for them; unticked, typed fields are ignored", async () => {
    const cheap = await course(90);
    const { user, context } = await buyer();
    expect((await loadCheckout(context, cheap.courseId, new URL("http://localhost:3000/x"))).billing.required).toBe(
      false,
    );

    const ticked = (await buy(cheap.courseId, context, {
      wantsFullInvoice: "on",
      billingName: "Marta",
    })) as unknown as Refusal;
    expect(ticked.init.status).toBe(400);
    expect(ticked.data.errors.billingTaxId).toBe(TAX_ID_MESSAGES.empty);
    expect(ticked.data.values.wantsFullInvoice).toBe(true);
    expect(await ordersOf(user.id)).toHaveLength(0);

    // Unticked: a half-typed form does not stop a simplified invoice.
    const plain = await buy(cheap.courseId, context, { billingName: "Marta", billingTaxId: "nonsense" });
    expect((plain as Response).status).toBe(302);
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({ total_cents: 9_000, billing_name: null, billing_tax_id: null });
    expect(await userRow(user.id)).toMatchObject({ billing_tax_id: null });

    // The same checkout again, ticked with details: the pending order is reused and takes them…
    const full = await buy(cheap.courseId, context, { wantsFullInvoice: "on", ...BILLING });
    expect((full as Response).status).toBe(302);
    let orders = await ordersOf(user.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: order!.id, billing_tax_id: "12345678Z" });
    expect(await userRow(user.id)).toMatchObject({ billing_tax_id: "12345678Z" });

    // …and unticked once more, it goes back to a simplified invoice (the account keeps its details).
    await buy(cheap.courseId, context, {});
    orders = await ordersOf(user.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: order!.id, billing_tax_id: null, billing_name: null });
    expect(await userRow(user.id)).toMatchObject({ billing_tax_id: "12345678Z" });
  });

  it("a reused order above 400 € takes the latest submit's details", async () => {
    const dear = await course(650);
    const { user, context } = await buyer();
    await buy(dear.courseId, context, BILLING);
    await buy(dear.courseId, context, { ...BILLING, billingName: "Estètica Soler SL", billingTaxId: "B12345674" });
    const orders = await ordersOf(user.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ billing_name: "Estètica Soler SL", billing_tax_id: "B12345674" });
    expect(await userRow(user.id)).toMatchObject({ billing_name: "Estètica Soler SL", billing_tax_id: "B12345674" });
  });

  it("createOrder re-checks whatever it is given", async () => {
    const dear = await course(999);
    const { user } = await buyer();
    const base = {
      user,
      courseIds: [dear.courseId],
      method: "card" as const,
      withdrawalWaiver: false,
      provider: "demo",
    };
    await expect(createOrder(t.db, base)).rejects.toMatchObject({ message: BILLING_REQUIRED_MESSAGE, status: 400 });
    const bad = { name: "Marta", taxId: "12345678A", address: "C/ Pau 3", postalCode: "08750", city: "Molins de Rei" };
    const refused = await createOrder(t.db, { ...base, billing: bad }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CheckoutError);
    expect((refused as CheckoutError).message).toBe(BILLING_INVALID_MESSAGE);
    await expect(
      createOrder(t.db, { ...base, billing: { ...bad, postalCode: "99999", taxId: "12345678Z" } }),
    ).rejects.toThrow(BILLING_INVALID_MESSAGE);
    expect(await ordersOf(user.id)).toHaveLength(0);
    const ok = await createOrder(t.db, { ...base, billing: { ...bad, taxId: " 12345678z " } });
    expect(ok.order.billing_tax_id).toBe("12345678Z");
  });

  it("the JSON API refuses more than 400 € without billing details and takes them with the same rules", async () => {
    const dear = await course(999);
    const { user } = await buyer();
    const api = (body: unknown) =>
      createCheckoutFromRequest(
        f.deps,
        new Request("http://localhost:3000/api/create-checkout-session", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        user,
      );
    const none = await api({ courseId: dear.courseId });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ message: BILLING_REQUIRED_MESSAGE });

    const wrong = await api({ courseId: dear.courseId, billing: { ...BILLING, billingTaxId: "12345678A" } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: TAX_ID_MESSAGES.check });

    const garbage = await api({ courseId: dear.courseId, billing: { billingName: 7 } });
    expect(garbage.status).toBe(400);
    const nullBilling = await api({ courseId: dear.courseId, billing: null });
    expect(nullBilling.status).toBe(400);
    expect(await ordersOf(user.id)).toHaveLength(0);

    const ok = await api({ courseId: dear.courseId, billing: BILLING });
    expect(ok.status).toBe(200);
    const { orderId } = (await ok.json()) as { orderId: string };
    const order = await t.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ billing_tax_id: "12345678Z", billing_postal_code: "08750" });
    expect(await userRow(user.id)).toMatchObject({ billing_tax_id: "12345678Z" });
  });

  it("the profile shows, saves, refuses and clears the billing details", async () => {
    const { user, context } = await buyer();
    const url = new URL("http://localhost:3000/perfil/datos");
    expect((await loadPersonal(url, context)).billing.billingTaxId).toBe("");

    const wrong = (await personalAction(
      post("/perfil/datos", { intent: "billing", ...BILLING, billingPostalCode: "8750" }),
      context,
    )) as unknown as {
      data: { intent: string; errors: Record<string, string>; values: Record<string, string> };
      init: { status: number };
    };
    expect(wrong.init.status).toBe(400);
    expect(wrong.data).toMatchObject({
      intent: "billing",
      errors: { billingPostalCode: expect.any(String) },
      values: { billingName: "Marta Soler Puig" },
    });
    expect(await userRow(user.id)).toMatchObject({ billing_tax_id: null });

    const saved = await personalAction(post("/perfil/datos", { intent: "billing", ...BILLING }), context);
    expect((saved as Response).status).toBe(302);
    expect(await userRow(user.id)).toMatchObject({
      billing_tax_id: "12345678Z",
      billing_address: "Carrer de la Pau 3, 2º",
    });
    expect((await loadPersonal(url, context)).billing).toMatchObject({
      billingTaxId: "12345678Z",
      billingCity: "Molins de Rei",
    });

    // All fields emptied clears them, as does the "Borrar" button.
    const emptied = await personalAction(
      post("/perfil/datos", { intent: "billing", billingName: "", billingTaxId: " " }),
      context,
    );
    expect((emptied as Response).status).toBe(302);
    expect(await userRow(user.id)).toMatchObject({ billing_name: null, billing_tax_id: null, billing_city: null });
    await personalAction(post("/perfil/datos", { intent: "billing", ...BILLING }), context);
    await personalAction(post("/perfil/datos", { intent: "billing", ...BILLING, clear: "1" }), context);
    expect(await userRow(user.id)).toMatchObject({ billing_name: null, billing_tax_id: null });
  });
});
