// The counter in a browser (issue 35), as the owner with her second factor:
// - an appointment whose deposit was paid online is charged from its diary page:
//   its service, a product added, the deposit deducted, cash handed over and the
//   change shown; the ticket prints (print media) and its QR decodes to the AEAT's
//   verification address of that invoice;
// - a walk-in sale paid half by card, half in cash;
// - a return of the product makes a rectificativa and puts it back in stock;
// - the day is closed with 2 € more than expected, and the Z report matches the
//   day's sales, and the professional's figures match her lines; `npm run
//   facturas:verificar` holds after all of it.
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Page } from "@playwright/test";
import { bookAppointment } from "~/bookings/appointments.server.ts";
import { dayState, zReport } from "~/counter/cash-day.server.ts";
import { countFieldName, DENOMINATIONS } from "~/counter/cash-count.ts";
import { DEFAULT_BOOKING_RULES } from "~/domain/booking-rules.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { wallToInstant } from "~/domain/salon-time.ts";
import { ownerSession } from "../../scripts/lib/page-sessions.ts";
import { decodeQrDataUrl } from "../helpers/counter-ticket.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { todayInMadrid } from "./seeded.ts";
import { e2eDb } from "./staff-records-data.ts";

const run = Date.now().toString(36);

async function signIn(page: Page, baseURL: string, token: string) {
  await page
    .context()
    .addCookies([{ name: "an_session", value: token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** A confirmed appointment with Laura on a coming weekday whose 10 € deposit was paid on the demo gateway. */
async function appointmentWithPaidDeposit(baseURL: string): Promise<string> {
  const db = e2eDb();
  try {
    const before = await db
      .selectFrom("services")
      .select("deposit_cents")
      .where("id", "=", "semipermanente")
      .executeTakeFirstOrThrow();
    await db.updateTable("services").set({ deposit_cents: 1000 }).where("id", "=", "semipermanente").execute();
    try {
      for (let days = 3; days < 40; days++) {
        for (const minutes of [600, 690, 780, 900, 990]) {
          const booked = await bookAppointment(db, {
            serviceIds: ["semipermanente"],
            professionalId: "laura",
            at: wallToInstant(addDays(todayInMadrid(), days), minutes),
            client: {
              userId: null,
              name: `Clienta de caja ${run}`,
              email: `clienta-caja-${run}@example.com`,
              phone: "+34611000222",
            },
            comment: "",
            source: "online",
            hold: true,
            now: new Date(),
            rules: { ...DEFAULT_BOOKING_RULES, horizonDays: 200 },
            deposit: { provider: "demo" },
          });
          if (!booked.ok || !booked.depositOrderId) continue;
          // The client pays the deposit on the demo gateway's page (a guest's deposit: its address opens it).
          const paid = await fetch(`${baseURL}/pago-demo/${booked.depositOrderId}`, {
            method: "POST",
            redirect: "manual",
            headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
            body: "intent=pay",
          });
          expect([302, 303]).toContain(paid.status);
          return booked.appointmentId;
        }
      }
      throw new Error("no free time for the appointment");
    } finally {
      await db
        .updateTable("services")
        .set({ deposit_cents: before.deposit_cents })
        .where("id", "=", "semipermanente")
        .execute();
    }
  } finally {
    await db.destroy();
  }
}

test.describe("la caja del salón", () => {
  test.describe.configure({ mode: "serial" });
  let token = "";
  let appointmentId = "";
  let productId = "";
  let firstSale = "";

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(90_000);
    token = (await ownerSession(baseURL!, process.env.E2E_DATA_DIR ?? "", `caja-${run}@example.com`)).token;
    appointmentId = await appointmentWithPaidDeposit(baseURL!);
    const db = e2eDb();
    try {
      productId = `aceite-${run}`;
      const now = new Date().toISOString();
      await db
        .insertInto("products")
        .values({
          id: productId,
          name: `Aceite de cutículas ${run}`,
          name_ca: null,
          price_cents: 1250,
          stock: 5,
          barcode: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } finally {
      await db.destroy();
    }
  });

  test("cobra una cita con producto y señal, da el cambio e imprime el ticket con su QR", async ({ page, baseURL }) => {
    await signIn(page, baseURL!, token);
    await page.goto(`/gestion/agenda/${appointmentId}`);
    await page.getByRole("button", { name: "Cobrar", exact: true }).click();
    await expect(page).toHaveURL(/\/gestion\/caja\/venta\/[0-9a-f-]{36}$/);
    firstSale = page.url().split("/").pop()!;
    await expect(page.locator(".counter-line__head strong", { hasText: "Manicura semipermanente" })).toBeVisible();
    await expect(page.getByText("Señal pagada al reservar")).toBeVisible();

    await page.getByLabel("Producto", { exact: true }).selectOption(productId);
    await page.getByRole("button", { name: "Añadir producto" }).click();
    await expect(page.getByRole("status")).toHaveText("Venta actualizada.");
    // 25 € of the service + 12,50 € of the product − 10 € of the deposit.
    await expect(page.getByRole("heading", { name: `Cobrar ${formatEuros(2750)}` })).toBeVisible();
    await expectNoAxeViolations(page, "venta sin cobrar");

    await page
      .getByLabel(/^Efectivo entregado/)
      .first()
      .fill("30");
    await page.getByRole("button", { name: "Todo en efectivo" }).click();
    await expect(page.getByText("Cambio:")).toContainText(formatEuros(250));
    await expect(page.getByText(/^Factura AN\d{4}-\d{6}/)).toBeVisible();
    await expectNoAxeViolations(page, "venta cobrada");

    await page.getByRole("link", { name: "Ver e imprimir el ticket" }).click();
    await expect(page).toHaveURL(new RegExp(`/gestion/caja/ticket/${firstSale}`));
    const db = e2eDb();
    try {
      const invoice = await db
        .selectFrom("invoices")
        .innerJoin("counter_sales", "counter_sales.order_id", "invoices.order_id")
        .select(["invoices.qr_url", "invoices.full_number", "invoices.total_cents"])
        .where("counter_sales.id", "=", firstSale)
        .where("invoices.kind", "=", "F2")
        .executeTakeFirstOrThrow();
      expect(invoice.total_cents).toBe(2750);
      expect(invoice.qr_url).toMatch(/^https:\/\/[^/]*agenciatributaria\.gob\.es\//);
      const qr = page.locator("img[src^='data:image/png']").first();
      expect(decodeQrDataUrl((await qr.getAttribute("src"))!)).toBe(invoice.qr_url);
      await expect(page.getByText(invoice.full_number).first()).toBeVisible();
    } finally {
      await db.destroy();
    }
    await expectNoAxeViolations(page, "ticket");
    await page.emulateMedia({ media: "print" });
    await page.screenshot({ path: test.info().outputPath("ticket-impreso.png"), fullPage: true });
    // In print only the ticket shows: the staff menu is hidden.
    await expect(page.getByRole("navigation").first()).toBeHidden();
    await page.emulateMedia({ media: "screen" });

    // The diary says it is charged.
    await page.goto(`/gestion/agenda/${appointmentId}`);
    await expect(page.getByRole("link", { name: /^Cobrada/ })).toBeVisible();
  });

  test("cobra una venta sin cita mitad con tarjeta, mitad en efectivo", async ({ page, baseURL }) => {
    await signIn(page, baseURL!, token);
    await page.goto("/gestion/caja");
    await page.getByRole("button", { name: "Nueva venta sin cita" }).click();
    await expect(page).toHaveURL(/\/gestion\/caja\/venta\//);
    await page.getByLabel("Servicio", { exact: true }).selectOption("semipermanente");
    await page.getByRole("button", { name: "Añadir servicio" }).click();
    await expect(page.getByRole("heading", { name: `Cobrar ${formatEuros(2500)}` })).toBeVisible();
    await page.getByText("Pago combinado (varias formas de pago)").click();
    await page.getByLabel("Con tarjeta (€)").fill("12,50");
    await page.getByLabel("En efectivo (€)").fill("12,50");
    await page.getByRole("button", { name: "Cobrar", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Venta cobrada y factura emitida.");
    await expect(page.getByText(`Tarjeta (datáfono): ${formatEuros(1250)}`)).toBeVisible();
    await expect(page.getByText(`Efectivo: ${formatEuros(1250)}`)).toBeVisible();
  });

  test("una devolución emite la rectificativa y repone el producto", async ({ page, baseURL }) => {
    await signIn(page, baseURL!, token);
    await page.goto(`/gestion/caja/venta/${firstSale}`);
    await page.getByText("Hacer una devolución").click();
    await page.getByLabel(/^Aceite de cutículas .* \(quedan 1\)$/).fill("1");
    await page.getByLabel("Motivo").fill("No le va bien el olor");
    await page.getByLabel(/^Confirmo la devolución/).check();
    await page.getByRole("button", { name: "Devolver y emitir la rectificativa" }).click();
    await expect(page.getByRole("status")).toHaveText("Devolución hecha y factura rectificativa emitida.");
    await expect(page.getByText(/^Rectificativa ANR?\d{4}-\d{6}/)).toBeVisible();
    const db = e2eDb();
    try {
      const product = await db
        .selectFrom("products")
        .select("stock")
        .where("id", "=", productId)
        .executeTakeFirstOrThrow();
      expect(product.stock).toBe(5);
    } finally {
      await db.destroy();
    }
  });

  test("cierra la caja con 2 € de más, y el informe Z cuadra con las ventas", async ({ page, baseURL }) => {
    await signIn(page, baseURL!, token);
    await page.goto("/gestion/caja/cierre");
    const db = e2eDb();
    try {
      const day = (
        await db.selectFrom("counter_sales").select("cash_day").where("id", "=", firstSale).executeTakeFirstOrThrow()
      ).cash_day!;
      await page.goto(`/gestion/caja/cierre?dia=${day}`);
      if (!(await dayState(db, day)).opened) {
        await page.getByLabel("Fondo de caja (€)").fill("100");
        await page.getByRole("button", { name: "Abrir la caja" }).click();
        await expect(page.getByRole("heading", { name: "Cerrar la caja" })).toBeVisible();
      }
      const state = await dayState(db, day);
      // Count what is expected plus 2 €, note by note and coin by coin.
      let left = state.expectedCents + 200;
      for (const d of DENOMINATIONS) {
        const count = Math.floor(left / d.cents);
        if (count === 0) continue;
        left -= count * d.cents;
        await page.locator(`input[name="${countFieldName(d.cents)}"]`).fill(String(count));
      }
      await expect(page.locator("output")).toHaveText(formatEuros(state.expectedCents + 200));
      await page.getByRole("button", { name: "Cerrar la caja" }).click();
      // A difference needs its note: the field says so, and says how much.
      await expect(page.getByText(`El recuento no cuadra (sobran ${formatEuros(200)})`)).toBeVisible();
      await page.getByLabel(/^Nota/).fill("Sobran 2 € de una propina no anotada");
      await page.getByRole("button", { name: "Cerrar la caja" }).click();
      await expect(page.getByRole("heading", { name: "Caja cerrada" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Caja cerrada" })).toContainText(formatEuros(200));

      const report = await zReport(db, day);
      const sales = await db
        .selectFrom("counter_sales")
        .innerJoin("orders", "orders.id", "counter_sales.order_id")
        .select(["orders.total_cents"])
        .where("counter_sales.cash_day", "=", day)
        .where("counter_sales.status", "=", "charged")
        .execute();
      const invoiced = sales.reduce((sum, s) => sum + s.total_cents, 0);
      const zText = await page.getByRole("region", { name: /^Informe Z/ }).innerText();
      expect(zText).toContain(formatEuros(invoiced));
      expect(JSON.stringify(report)).toContain(String(invoiced));
      await expectNoAxeViolations(page, "cierre e informe Z");

      // The professional's figures for the day match her lines sold, less what was returned of them.
      const laura = await db
        .selectFrom("professionals")
        .select("name")
        .where("id", "=", "laura")
        .executeTakeFirstOrThrow();
      const sold = await db
        .selectFrom("counter_sale_lines as l")
        .innerJoin("counter_sales as s", "s.id", "l.sale_id")
        .innerJoin("order_items as i", "i.id", "l.order_item_id")
        .select([
          "l.id",
          "i.price_cents",
          "l.quantity",
          "l.professional_id",
          "s.professional_id as sale_professional",
          "s.cash_day",
        ])
        .where("s.status", "=", "charged")
        .execute();
      const isLaura = (l: (typeof sold)[number]) => (l.professional_id ?? l.sale_professional) === "laura";
      let expected = sold.filter((l) => l.cash_day === day && isLaura(l)).reduce((sum, l) => sum + l.price_cents, 0);
      for (const r of await db.selectFrom("counter_returns").select("lines").where("cash_day", "=", day).execute()) {
        for (const { lineId, quantity } of JSON.parse(r.lines) as { lineId: string; quantity: number }[]) {
          const line = sold.find((l) => l.id === lineId);
          if (line && isLaura(line)) expected -= Math.round((line.price_cents * quantity) / line.quantity);
        }
      }
      await page.goto(`/gestion/caja/cifras?periodo=dia&fecha=${day}`);
      const byProfessional = page.getByRole("table", { name: /^Ventas y comisiones por profesional/ });
      const row = byProfessional.getByRole("row", { name: new RegExp(`^${laura.name}`) });
      await expect(row.getByRole("cell").nth(1)).toHaveText(formatEuros(expected));
      await expectNoAxeViolations(page, "cifras del día");
    } finally {
      await db.destroy();
    }

    // The invoices as the AEAT would check them: every hash, link and stored record holds.
    const out = execFileSync(process.execPath, [path.join("scripts", "verify-invoices.ts")], {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? "" },
      encoding: "utf8",
    });
    expect(out).toContain("Cadena de registros de facturación correcta");
  });
});
