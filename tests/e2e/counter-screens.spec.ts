// The counter's screens (issue 35) with real records, after hydration, at a
// phone's width (390), the desk's tablet (1024×768) and a desktop's (1440): laid
// out whole (the harness of layout-check.ts: no sideways scroll, nothing past
// its box, no clipped text) and with no axe violation at each width; on the sale
// screen, drafted and charged, every control a finger can hit is at least 44 px
// high at 1024×768 (folded parts unfolded). The records are made through the
// counter's own forms by scripts/lib/counter-data.ts (as for the HTML checker):
// a client with a very long name, a draft with lines of every kind, a charged
// sale with a return, its tickets, products, and the day's till open, then
// closed with its Z report — and reopened at the end, as the server's day is
// shared with the other specs (counter.spec.ts closes it again).
import type { Page } from "@playwright/test";
import {
  closeCashDay,
  COUNTER_LONG_NAME,
  fillCounter,
  reopenCashDay,
  type CounterRecords,
  type StaffSession,
} from "../../scripts/lib/counter-data.ts";
import { ownerSession } from "../../scripts/lib/page-sessions.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { findLayoutProblems } from "./layout-check.ts";
import { e2eDb } from "./staff-records-data.ts";

const run = Date.now().toString(36);
const SIZES = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;
const TABLET = SIZES[1];
/** The smallest touch target on the counter's screens. */
const TARGET_PX = 44;

/** Sets the size, lets layout settle, and lists the harness's problems at it. */
async function problemsAt(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.evaluate(() =>
    document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))),
  );
  return page.evaluate(findLayoutProblems, { headerOneLine: size.width >= 1024 });
}

/** The layout harness and axe at each width; `label` names the page (and its state) in a failure. */
async function checkEveryWidth(page: Page, label: string) {
  const found: string[] = [];
  for (const size of SIZES) {
    for (const p of await problemsAt(page, size)) {
      found.push(`${label} a ${size.width}×${size.height}: ${p.kind} — ${p.element} — ${p.detail}`);
    }
    await expectNoAxeViolations(page, `${label} a ${size.width} px`);
  }
  expect(found, `problemas de maquetación en ${label}`).toEqual([]);
}

/** Unfolds every <details> of the page (a line's editor, the split payment, the return…). */
async function unfoldAll(page: Page) {
  await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
}

/**
 * The controls inside `scope` shorter than 44 px at 1024×768: links, buttons, fields and
 * summaries that are shown; a checkbox or a radio is hit through its label, which is measured.
 */
async function smallTargets(page: Page, scope: string): Promise<string[]> {
  await page.setViewportSize(TABLET);
  return page.evaluate(
    ({ scope, min }) => {
      const root = document.querySelector(scope);
      if (!root) return [`no hay ${scope}`];
      const controls = root.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary',
      );
      const small: string[] = [];
      for (const el of controls) {
        const target =
          el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")
            ? (el.closest("label") ?? el)
            : el;
        const box = target.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue; // not shown
        if (box.height < min) {
          const name = (el.getAttribute("name") ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
          small.push(`<${el.tagName.toLowerCase()}> «${name}»: ${Math.round(box.height * 10) / 10} px`);
        }
      }
      return small;
    },
    { scope, min: TARGET_PX },
  );
}

test.describe("las pantallas de la caja con datos reales", () => {
  let owner: StaffSession = { origin: "", cookie: "" };
  let records: CounterRecords;
  let closed = false;

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(90_000);
    const session = await ownerSession(baseURL!, process.env.E2E_DATA_DIR ?? "", `caja-pantallas-${run}@example.com`);
    owner = { origin: baseURL!, cookie: `an_session=${session.token}` };
    const db = e2eDb();
    try {
      records = await fillCounter(owner, db);
    } finally {
      await db.destroy();
    }
  });

  test.afterAll(async () => {
    if (closed) await reopenCashDay(owner, records.cashDay);
  });

  test.beforeEach(async ({ page, baseURL }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize(SIZES[0]);
    const token = owner.cookie.slice("an_session=".length);
    await page
      .context()
      .addCookies([{ name: "an_session", value: token, url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
  });

  test("la caja: las citas de hoy, las ventas sin terminar y las cobradas", async ({ page }) => {
    await page.goto("/gestion/caja");
    const today = page.getByRole("region", { name: "Citas de hoy" });
    const charge = (what: string) =>
      today.getByRole("button", { name: new RegExp(`^${what} la cita de ${COUNTER_LONG_NAME}`) });
    await expect(charge("Cobrar").first()).toBeVisible();
    await expect(charge("Seguir cobrando").first()).toBeVisible();
    const drafts = page.getByRole("region", { name: "Ventas sin terminar" });
    await expect(
      drafts.getByRole("link", { name: `Seguir con la venta de ${COUNTER_LONG_NAME}` }).first(),
    ).toBeVisible();
    const sold = page.getByRole("region", { name: /^Cobrado en la caja del / });
    await expect(sold.getByRole("row").filter({ hasText: COUNTER_LONG_NAME }).first()).toContainText(/AN\d{4}-\d{6}/);
    await checkEveryWidth(page, "/gestion/caja");
  });

  test("una venta sin cobrar con líneas de todo tipo, descuentos y factura completa", async ({ page }) => {
    await page.goto(`/gestion/caja/venta/${records.draftSaleId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Venta · ${COUNTER_LONG_NAME}`);
    const lines = page.getByRole("region", { name: "Líneas" }).locator(".counter-line");
    await expect(lines).toHaveCount(5);
    await expect(lines.first()).toContainText("Retoque de una uña rota sin coste adicional");
    await expect(lines.first()).toContainText("Esperó veinte minutos");
    await expect(page.getByText("Descuento en el total", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Cobrar \d/ })).toBeVisible();
    await checkEveryWidth(page, "la venta sin cobrar");
    await unfoldAll(page);
    await checkEveryWidth(page, "la venta sin cobrar, desplegada");
    expect(await smallTargets(page, ".counter-sale"), "controles de menos de 44 px a 1024×768").toEqual([]);
  });

  test("la venta de una cita", async ({ page }) => {
    await page.goto(`/gestion/caja/venta/${records.appointmentSaleId}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Venta · ${COUNTER_LONG_NAME} · cita del`);
    await checkEveryWidth(page, "la venta de una cita");
  });

  test("una venta cobrada: pago combinado, cambio, factura, devolución y tickets", async ({ page }) => {
    await page.goto(`/gestion/caja/venta/${records.chargedSaleId}?aviso=cobrada&cambio=3000`);
    await expect(page.getByRole("status").filter({ hasText: "Cambio" })).toContainText("30,00");
    const paid = page.getByRole("region", { name: "Pago" });
    await expect(paid).toContainText("Tarjeta (datáfono)");
    await expect(paid).toContainText("entregado 50,00");
    await expect(page.getByRole("region", { name: "Factura y ticket" })).toContainText(/Rectificativa ANR\d{4}-\d{6}/);
    await expect(page.getByRole("region", { name: "Devoluciones" })).toContainText("No le va bien el olor del aceite");
    await checkEveryWidth(page, "la venta cobrada");
    await unfoldAll(page);
    await checkEveryWidth(page, "la venta cobrada, desplegada");
    expect(await smallTargets(page, ".counter-sale"), "controles de menos de 44 px a 1024×768").toEqual([]);

    await page.goto(`/gestion/caja/ticket/${records.chargedSaleId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ticket de la venta");
    await checkEveryWidth(page, "el ticket de la venta");
    await page.goto(`/gestion/caja/ticket/${records.chargedSaleId}?devolucion=${records.returnInvoiceId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ticket de la devolución");
    await checkEveryWidth(page, "el ticket de la devolución");
  });

  test("los productos", async ({ page }) => {
    await page.goto("/gestion/productos");
    await expect(page.getByText("Aceite de cutículas de almendra dulce con vitamina E").first()).toBeVisible();
    await checkEveryWidth(page, "/gestion/productos");
    await page.goto(`/gestion/productos/${records.productId}`);
    await checkEveryWidth(page, "un producto");
    await page.goto("/gestion/productos/nuevo");
    await checkEveryWidth(page, "/gestion/productos/nuevo");
  });

  test("la caja del día abierta con un movimiento, y cerrada con su informe Z", async ({ page }) => {
    const url = `/gestion/caja/cierre?dia=${records.cashDay}`;
    await page.goto(url);
    await expect(page.getByRole("table", { name: "Movimientos del día" })).toContainText(
      "Cambio traído del banco: monedas de uno y dos euros",
    );
    await expect(page.getByRole("heading", { name: "Cerrar la caja" })).toBeVisible();
    await checkEveryWidth(page, "la caja abierta");

    await closeCashDay(owner, records.cashDay);
    closed = true;
    await page.goto(url);
    await expect(page.getByRole("heading", { name: "Caja cerrada" })).toBeVisible();
    await expect(page.getByText("Diferencia:")).toContainText("1,50");
    await expect(page.getByRole("region", { name: /^Informe Z/ })).toBeVisible();
    await checkEveryWidth(page, "la caja cerrada con su informe Z");
    await page.goto("/gestion/caja");
    await expect(page.getByText(/^La caja de hoy ya está cerrada/)).toBeVisible();
    await checkEveryWidth(page, "/gestion/caja con la caja cerrada");
  });
});
