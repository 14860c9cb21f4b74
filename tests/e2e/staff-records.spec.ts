// Three staff screens with real records, after hydration, at a phone's width and a
// desktop's: laid out whole (the harness of layout-check.ts: no sideways scroll,
// nothing past its box, no clipped text) and with no axe violation (fixtures.ts
// checks every page visited, and this spec again at the second width).
// - /gestion with a backup made 30 hours ago and a failed attempt since: the
//   stale warning and the section's time, size and off-site copy as read;
// - /gestion/facturas with an invoice whose record the AEAT rejected: its row,
//   the owner's «Subsanar y reenviar» and the confirmation page with the AEAT's
//   message (the e2e server runs with VERIFACTU_MODE=off: the page also says the
//   subsanación could not be sent);
// - the diary's week (all professionals) with appointments over six days for
//   every professional, one client with a very long name.
// The records go straight into the server's database (staff-records-data.ts).
import type { Page } from "@playwright/test";
import { ownerSession, registerCustomer } from "../../scripts/lib/page-sessions.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { layoutProblemsAt } from "./layout-check.ts";
import { todayInMadrid } from "./seeded.ts";
import {
  AEAT_REJECTION,
  bookBusyWeek,
  e2eDb,
  insertBackupRuns,
  insertRejectedInvoice,
  LONG_CLIENT_NAME,
} from "./staff-records-data.ts";

const run = Date.now().toString(36);
const PHONE = 390;
const DESKTOP = 1440;

async function signIn(page: Page, baseURL: string, token: string) {
  await page
    .context()
    .addCookies([{ name: "an_session", value: token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** The layout problems at the phone's and the desktop's width, and axe at the desktop's (goto ran it at the phone's). */
async function checkBothWidths(page: Page, label: string) {
  const found: string[] = [];
  for (const width of [PHONE, DESKTOP]) {
    const problems = await layoutProblemsAt(page, width, { headerOneLine: width >= 1024 });
    for (const p of problems) found.push(`${label} a ${width} px: ${p.kind} — ${p.element} — ${p.detail}`);
  }
  expect(found, `problemas de maquetación en ${label}`).toEqual([]);
  await expectNoAxeViolations(page, `${label} a ${DESKTOP} px`);
  await page.setViewportSize({ width: PHONE, height: 900 });
}

/** How a Madrid clock reads `instant` in the panel: "27 de noviembre de 2026, 11:40" (or "… a las 11:40"). */
function madridTimePattern(instant: Date): RegExp {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("es-ES", {
      timeZone: "Europe/Madrid",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return new RegExp(`${parts.day} de ${parts.month} de ${parts.year}(,| a las) ${parts.hour}:${parts.minute}`);
}

/** The Monday of the week after next's (Madrid): every day of it is still to come. */
function mondayInTwoWeeks(): string {
  const today = new Date(`${todayInMadrid()}T12:00:00Z`);
  const weekday = (today.getUTCDay() + 6) % 7;
  today.setUTCDate(today.getUTCDate() - weekday + 14);
  return today.toISOString().slice(0, 10);
}

test.describe("pantallas de gestión con registros reales", () => {
  let owner = { token: "", edition: "" };
  let backups: Awaited<ReturnType<typeof insertBackupRuns>>;
  let invoice = { id: "", number: "" };
  const monday = mondayInTwoWeeks();
  let week = { booked: 0, inWeek: 0 };

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(90_000);
    owner = await ownerSession(baseURL!, process.env.E2E_DATA_DIR ?? "", `registros-${run}@example.com`);
    const buyer = `registros-compradora-${run}@example.com`;
    await registerCustomer(baseURL!, buyer, { first: "Lucía", last: "Pérez Comprobación" });
    const db = e2eDb();
    try {
      backups = await insertBackupRuns(db);
      invoice = await insertRejectedInvoice(db, buyer, "iniciacion-acrilico");
      week = await bookBusyWeek(db, monday);
    } finally {
      await db.destroy();
    }
  });

  test.beforeEach(async ({ page, baseURL }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: PHONE, height: 900 });
    await signIn(page, baseURL!, owner.token);
  });

  test("el panel enseña la última copia, su tamaño, la copia externa y el aviso de copias atrasadas", async ({
    page,
  }) => {
    await page.goto("/gestion");
    const warning = page.locator("#aviso-copias");
    await expect(warning).toBeVisible();
    await expect(warning).toContainText("Copias de seguridad:");
    await expect(warning).toContainText(
      new RegExp(
        `No hay ninguna copia correcta desde el ${madridTimePattern(backups.finishedAt).source} \\(más de 26 horas\\)\\. Avisa a quien mantiene la web\\.`,
      ),
    );
    const section = page.getByRole("region", { name: "Copias de seguridad" });
    await expect(section).toBeVisible();
    const fact = (term: string) => section.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");
    await expect(fact("Última copia")).toHaveText(
      new RegExp(`^${madridTimePattern(backups.finishedAt).source} \\(manual\\), 8,4 MB$`),
    );
    await expect(fact("Copia externa")).toHaveText("no configurada");
    await expect(fact("Último intento")).toHaveText(
      new RegExp(`^${madridTimePattern(backups.failedAt).source}: ha fallado \\(${backups.error}\\)$`),
    );
    // BACKUP_SCHEDULE=off on the e2e server.
    await expect(
      section.getByText("Las copias programadas están desactivadas (BACKUP_SCHEDULE=off): solo se hacen a mano."),
    ).toBeVisible();
    await checkBothWidths(page, "/gestion");
  });

  test("Facturas enseña el registro rechazado por la AEAT y la propietaria puede subsanarlo", async ({ page }) => {
    await page.goto("/gestion/facturas");
    // Its number exactly: a demo sale earlier in the run has DEMO-<the same number>.
    const row = page.getByRole("row").filter({ has: page.getByText(invoice.number, { exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByText("Rechazado", { exact: true })).toBeVisible();
    await row.getByText("Mensaje de la AEAT").click();
    await expect(row.getByText(`${AEAT_REJECTION.code}: ${AEAT_REJECTION.description}`)).toBeVisible();
    const subsanar = row.getByRole("link", { name: `Subsanar y reenviar la factura ${invoice.number}` });
    await expect(subsanar).toBeVisible();
    await expect(subsanar).toHaveText("Subsanar y reenviar");
    await expect(subsanar).toHaveAttribute("href", `/gestion/facturas/${invoice.id}/subsanar`);
    await checkBothWidths(page, "/gestion/facturas");

    await page.goto(`/gestion/facturas/${invoice.id}/subsanar`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Subsanar la factura ${invoice.number}`);
    await expect(page.getByRole("status").filter({ hasText: "La AEAT rechazó" })).toHaveText(
      `La AEAT rechazó su registro de facturación: ${AEAT_REJECTION.code}: ${AEAT_REJECTION.description}`,
    );
    // VERIFACTU_MODE=off on the e2e server: the page says why it cannot be sent now.
    await expect(page.getByRole("alert")).toHaveText(
      "El envío a la AEAT está desactivado (VERIFACTU_MODE=off): la subsanación no se podría enviar.",
    );
    await expect(page.getByRole("link", { name: "← Facturas" })).toBeVisible();
    await checkBothWidths(page, `/gestion/facturas/${invoice.id}/subsanar`);
  });

  test("la semana de la agenda con muchas citas de varias profesionales se lee entera", async ({ page }) => {
    expect(week.booked, "citas reservadas para la semana").toBeGreaterThanOrEqual(40);
    const url = `/gestion/agenda?vista=semana&dia=${monday}`;
    await page.goto(url);
    const items = page.locator(".diary-week__list > li");
    await expect(items).toHaveCount(week.inWeek);
    for (const pro of ["Alejandra", "Laura", "Sofía", "Marta", "Carla", "Paula"]) {
      await expect(items.filter({ hasText: new RegExp(`con ${pro}\\b`) }).first()).toBeVisible();
    }
    const long = items.filter({ hasText: LONG_CLIENT_NAME });
    expect(await long.count()).toBeGreaterThan(0);
    const first = long.first();
    await expect(first.getByRole("link")).toHaveAccessibleName(new RegExp(LONG_CLIENT_NAME));
    await expect(first.locator("strong")).toHaveText(LONG_CLIENT_NAME);
    for (const width of [PHONE, DESKTOP]) {
      await page.setViewportSize({ width, height: 900 });
      await first.scrollIntoViewIfNeeded();
      // The whole name on screen, at a size people read (the dense list uses 0.85rem).
      const box = await first.locator("strong").evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, font: parseFloat(getComputedStyle(el).fontSize) };
      });
      expect(box.left, `${width} px`).toBeGreaterThanOrEqual(0);
      expect(box.right, `${width} px`).toBeLessThanOrEqual(width);
      expect(box.font, `${width} px`).toBeGreaterThanOrEqual(13);
    }
    await checkBothWidths(page, url);
  });
});
