/**
 * The salon is told of sales, withdrawals and refunds through the outbox, once
 * per event, unless the staff switched that kind off at /gestion/avisos (an
 * audited change) — on SQLite and PostgreSQL.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuthUser } from "~/auth/session.server.ts";
import { userContext } from "~/auth/user-context.server.ts";
import { loadConfig } from "~/config.server.ts";
import { site } from "~/content/site.ts";
import { inTransaction } from "~/db/db.server.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { jobHandlers } from "~/job-handlers.server.ts";
import { createJobWorker, type JobWorker } from "~/jobs/worker.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { fulfilOrder } from "~/orders/fulfilment.server.ts";
import { requestRefund } from "~/orders/refunds.server.ts";
import { createDemoProvider } from "~/payments/demo.server.ts";
import StaffNotices, { action, loader } from "~/routes/gestion.avisos.tsx";
import { notifySalonOfRefund } from "~/salon/notifications.server.ts";
import { getNotifySettings, saveNotifySettings } from "~/salon/settings.server.ts";
import { formRequest, makeContext, memoryMailer } from "../helpers/accounts.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";

const PUBLIC_URL = "http://localhost:3999";
const SALON = "salon@example.com";
const STAFF: AuthUser = {
  id: "staff-1",
  email: "equipo@example.com",
  displayName: "Equipo",
  firstName: "Equipo",
  lastName: "",
  phone: "",
  emailVerified: true,
  role: "staff",
  secondFactor: true,
};

describe("SALON_NOTIFY_EMAIL", () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "an-salon-")), SESSION_SECRET: "s" };
  it("defaults to the salon's contact address, takes another one, and refuses a malformed one", () => {
    expect(loadConfig(base).salonNotifyEmail).toBe(site.email);
    expect(loadConfig({ ...base, SALON_NOTIFY_EMAIL: " " }).salonNotifyEmail).toBe(site.email);
    expect(loadConfig({ ...base, SALON_NOTIFY_EMAIL: "pedidos@example.com" }).salonNotifyEmail).toBe(
      "pedidos@example.com",
    );
    expect(() => loadConfig({ ...base, SALON_NOTIFY_EMAIL: "no-es-un-correo" })).toThrow(
      "SALON_NOTIFY_EMAIL: debe ser una dirección de correo",
    );
  });
});

describe.each(dbKinds)("salon notifications on %s", (kind) => {
  let t: TestDb;
  let jobs: JobWorker;
  const mailer = memoryMailer();
  const toSalon = () => mailer.sent.filter((m) => m.to === SALON);

  const salonJobs = async () =>
    (await t.db.selectFrom("jobs").select(["kind", "dedupe_key"]).where("kind", "like", "email:salon-%").execute()).map(
      (j) => j.kind,
    );

  /** A pending order of one course, as checkout leaves it. */
  async function pendingOrder(): Promise<{ orderId: string; buyer: { id: string; email: string } }> {
    const buyer = await insertBuyer(t.db, { prefix: "aviso", firstName: "Lucía", lastName: "Pérez" });
    const orderId = newId();
    const now = new Date().toISOString();
    await t.db
      .insertInto("orders")
      .values({
        id: orderId,
        user_id: buyer.id,
        email: buyer.email,
        status: "pending",
        total_cents: 65000,
        currency: "eur",
        payment_method: "klarna",
        provider: "stripe",
        provider_session_id: `cs_${orderId}`,
        withdrawal_waiver_at: null,
        created_at: now,
        updated_at: now,
        paid_at: null,
        checkout_key: null,
        checkout_completed_at: null,
        confirmation_sent_at: null,
      })
      .execute();
    await t.db
      .insertInto("order_items")
      .values({
        id: newId(),
        order_id: orderId,
        course_id: "curso-avisos",
        edition_id: null,
        title: "Curso de Avisos",
        price_cents: 65000,
        edition_starts_on: "2027-03-01",
        edition_ends_on: null,
      })
      .execute();
    return { orderId, buyer };
  }

  const paidEvent = (orderId: string, eventId = `evt_${orderId}`) => ({
    eventId,
    type: "checkout.session.completed",
    orderId,
    sessionId: `cs_${orderId}`,
    amountTotalCents: 65000,
    currency: "eur",
  });

  beforeAll(async () => {
    t = await createTestDb(kind);
    const logger = createLogger("silent");
    const handlers = jobHandlers({
      db: t.db,
      logger,
      mailer,
      payments: createDemoProvider(),
      config: { publicUrl: PUBLIC_URL, salonNotifyEmail: SALON },
    });
    jobs = createJobWorker({ db: t.db, dbKind: kind, logger, handlers });
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  beforeEach(async () => {
    await jobs.drain();
    await t.db.deleteFrom("jobs").execute();
    await t.db.deleteFrom("salon_settings").execute();
    mailer.sent.length = 0;
  });

  it("emails the salon once per sale, even when the payment event is delivered again", async () => {
    const { orderId, buyer } = await pendingOrder();
    expect((await fulfilOrder(t.db, paidEvent(orderId))).outcome).toBe("paid");
    // The same webhook again, and the success page's own check of the session.
    expect((await fulfilOrder(t.db, paidEvent(orderId))).outcome).toBe("duplicate-event");
    expect((await fulfilOrder(t.db, paidEvent(orderId, `retrieve:cs_${orderId}:paid`))).outcome).toBe("already-paid");
    expect(await salonJobs()).toEqual(["email:salon-sale"]);

    await jobs.drain();
    expect(toSalon()).toHaveLength(1);
    const [mail] = toSalon();
    const ref = orderId.slice(0, 8).toUpperCase();
    expect(mail.subject).toBe(`Venta de curso: pedido ${ref} · ${formatEuros(65000)}`);
    expect(mail.text).toContain(orderId);
    expect(mail.text).toContain(`Compradora: Lucía Pérez <${buyer.email}>`);
    expect(mail.text).toContain("Curso de Avisos (convocatoria del 1 de marzo de 2027)");
    expect(mail.text).toContain(`Importe del pedido: ${formatEuros(65000)}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/gestion/pedidos/${orderId}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/gestion/pedidos/${orderId}"`);
    // The buyer still gets her confirmation.
    expect(mailer.sent.filter((m) => m.to === buyer.email)).toHaveLength(1);
  });

  it("emails the salon once per refund, and a withdrawal as a withdrawal", async () => {
    const { orderId } = await pendingOrder();
    await fulfilOrder(t.db, paidEvent(orderId));
    const refundId = await inTransaction(t.db, (trx) =>
      requestRefund(trx, { orderId, amountCents: 65000, reason: "duplicate-purchase" }),
    );
    // The withdrawal flow will create its refund row with reason "withdrawal" the same way.
    const withdrawalId = newId();
    await inTransaction(t.db, async (trx) => {
      await trx
        .insertInto("refunds")
        .values({
          id: withdrawalId,
          order_id: orderId,
          amount_cents: 30000,
          reason: "withdrawal",
          status: "pending",
          provider_refund_id: null,
          created_at: new Date().toISOString(),
          completed_at: null,
          item_ids: null,
        })
        .execute();
      await notifySalonOfRefund(trx, { refundId: withdrawalId, reason: "withdrawal" });
      // Twice in a row (a retried transaction) still queues one email.
      await notifySalonOfRefund(trx, { refundId: withdrawalId, reason: "withdrawal" });
    });
    expect((await salonJobs()).sort()).toEqual(["email:salon-refund", "email:salon-sale", "email:salon-withdrawal"]);

    await jobs.drain();
    const ref = orderId.slice(0, 8).toUpperCase();
    const refund = toSalon().find((m) => m.subject.startsWith("Reembolso"));
    expect(refund?.subject).toBe(`Reembolso: pedido ${ref} · ${formatEuros(65000)}`);
    expect(refund?.text).toContain("Motivo: compra duplicada");
    expect(refund?.text).toContain(`${PUBLIC_URL}/gestion/pedidos/${orderId}`);
    const withdrawal = toSalon().find((m) => m.subject.startsWith("Desistimiento"));
    expect(withdrawal?.subject).toBe(`Desistimiento: pedido ${ref} · ${formatEuros(30000)}`);
    expect(withdrawal?.text).toContain("Motivo: desistimiento de la compradora");
    expect(toSalon()).toHaveLength(3);
    expect(refundId).toBeTruthy();
  });

  it("sends nothing for a kind the staff switched off; the buyer's emails are untouched", async () => {
    await saveNotifySettings(t.db, STAFF, {
      sale: false,
      withdrawal: true,
      refund: false,
      booking: true,
      cancellation: true,
    });
    const { orderId, buyer } = await pendingOrder();
    await fulfilOrder(t.db, paidEvent(orderId));
    await inTransaction(t.db, (trx) =>
      requestRefund(trx, { orderId, amountCents: 65000, reason: "duplicate-purchase" }),
    );
    expect(await salonJobs()).toEqual([]);
    await jobs.drain();
    expect(toSalon()).toHaveLength(0);
    expect(mailer.sent.filter((m) => m.to === buyer.email).length).toBeGreaterThan(0);

    // Back on: the next sale is announced again.
    await saveNotifySettings(t.db, STAFF, {
      sale: true,
      withdrawal: true,
      refund: true,
      booking: true,
      cancellation: true,
    });
    const next = await pendingOrder();
    await fulfilOrder(t.db, paidEvent(next.orderId));
    expect(await salonJobs()).toEqual(["email:salon-sale"]);
  });

  it("audits every change of the switches, and only changes", async () => {
    await t.db.deleteFrom("audit_log").execute();
    expect(await getNotifySettings(t.db)).toEqual({
      sale: true,
      withdrawal: true,
      refund: true,
      booking: true,
      cancellation: true,
    });
    expect(
      await saveNotifySettings(t.db, STAFF, {
        sale: true,
        withdrawal: false,
        refund: true,
        booking: true,
        cancellation: true,
      }),
    ).toEqual(["withdrawal"]);
    expect(
      await saveNotifySettings(t.db, STAFF, {
        sale: true,
        withdrawal: false,
        refund: true,
        booking: true,
        cancellation: true,
      }),
    ).toEqual([]);
    const entries = await t.db.selectFrom("audit_log").selectAll().execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: STAFF.id,
      actor_email: STAFF.email,
      action: "salon-settings.update",
      entity_type: "salon_settings",
      entity_id: "notify",
    });
    expect(JSON.parse(entries[0].before_json!)).toEqual({ "notify.withdrawal": true });
    expect(JSON.parse(entries[0].after_json!)).toEqual({ "notify.withdrawal": false });
  });

  describe("/gestion/avisos", () => {
    const staffContext = () => {
      const { context } = makeContext(t.db, kind);
      context.set(userContext, STAFF);
      return context;
    };
    const post = (fields: Record<string, string>) =>
      action({
        request: formRequest(`${PUBLIC_URL}/gestion/avisos`, fields),
        context: staffContext(),
        params: {},
      } as never);

    it("shows the switches and the address, saves an unticked box as off, audited", async () => {
      const before = await loader({
        request: new Request(`${PUBLIC_URL}/gestion/avisos`),
        context: staffContext(),
        params: {},
      } as never);
      expect(before.settings).toEqual({
        sale: true,
        withdrawal: true,
        refund: true,
        booking: true,
        cancellation: true,
      });
      expect(before.address).toBe(site.email);

      await t.db.deleteFrom("audit_log").execute();
      const res = (await post({ sale: "on", withdrawal: "on", booking: "on", cancellation: "on" })) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/gestion/avisos?guardado=1");
      expect(await getNotifySettings(t.db)).toEqual({
        sale: true,
        withdrawal: true,
        refund: false,
        booking: true,
        cancellation: true,
      });
      const audit = await t.db.selectFrom("audit_log").select(["action", "actor_email"]).execute();
      expect(audit).toEqual([{ action: "salon-settings.update", actor_email: STAFF.email }]);

      const after = await loader({
        request: new Request(`${PUBLIC_URL}/gestion/avisos?guardado=1`),
        context: staffContext(),
        params: {},
      } as never);
      expect(after.saved).toBe(true);
      const { renderToString } = await import("react-dom/server");
      const { createElement } = await import("react");
      const { createRoutesStub } = await import("react-router");
      const Stub = createRoutesStub([
        { path: "/gestion/avisos", Component: () => createElement(StaffNotices, { loaderData: after } as never) },
      ]);
      const html = renderToString(createElement(Stub, { initialEntries: ["/gestion/avisos?guardado=1"] }));
      expect(html).toContain("Avisos guardados.");
      // Refunds now unticked, sales still ticked; each box has its label and its hint.
      expect(html).toMatch(
        /<input type="checkbox" id="aviso-refund" aria-describedby="aviso-refund-hint" name="refund"\/>/,
      );
      expect(html).toMatch(/<input type="checkbox" id="aviso-sale" [^>]*checked=""/);
      expect(html).toContain('action="/gestion/avisos"');
      expect(html).toContain('<label for="aviso-sale">Ventas</label>');
    });

    it("refuses a value that is not a ticked box, in Spanish, without saving", async () => {
      await t.db.deleteFrom("audit_log").execute();
      const res = (await post({ sale: "x".repeat(5000), refund: "on" })) as unknown as {
        data: { errors: Record<string, string> };
        init: { status: number };
      };
      expect(res.init.status).toBe(400);
      expect(res.data.errors.sale).toBe("Valor no válido para «Ventas»: marca o desmarca la casilla.");
      expect(await getNotifySettings(t.db)).toEqual({
        sale: true,
        withdrawal: true,
        refund: true,
        booking: true,
        cancellation: true,
      });
      expect(await t.db.selectFrom("audit_log").selectAll().execute()).toEqual([]);
    });
  });
});
