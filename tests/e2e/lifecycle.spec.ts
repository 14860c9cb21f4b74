// The order lifecycle's "done when", end to end in Chromium: a buyer pays two
// courses (one on a later edition) with Klarna through the demo gateway and
// sees both dates everywhere; a 1-seat edition added by staff fills up, a
// second buyer joins its waiting list, the first buyer withdraws before the
// start, the refund runs on its own and the seat is offered by email. Every
// page visited is checked by axe (fixtures.ts for `page`, `visit` for others).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { base32Decode, hotp, timeStep } from "../../app/domain/totp.ts";
import { editionDatesText } from "../../app/domain/edition-dates.ts";
import { formatLongDate, formatWeekdayDate } from "../../app/domain/pricing.ts";
import { waitForEmailTo } from "../helpers/eml.ts";
import { expect, expectNoAxeViolations, fillBilling, test, userMenuSummary, waitForHydration } from "./fixtures.ts";
import { seededEditions } from "./seeded.ts";

const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
const run = Date.now().toString(36);
const root = path.resolve(import.meta.dirname, "../..");
const email = (name: string) => `${name}-ciclo-${run}@example.com`;

/** Madrid's date `days` from today, YYYY-MM-DD. */
function madridDate(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** goto for pages outside the fixture: waits for hydration and runs axe. */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
  await expectNoAxeViolations(page);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "es-ES", timezoneId: "Europe/Madrid" });
  return context.newPage();
}

async function register(page: Page, who: { first: string; last: string; email: string }) {
  await visit(page, "/registro");
  await page.getByLabel("Nombre", { exact: true }).fill(who.first);
  await page.getByLabel("Apellidos").fill(who.last);
  await page.getByLabel("Correo electrónico").fill(who.email);
  await page.getByLabel("Contraseña", { exact: true }).fill("esmalte-rosa-7");
  await page.getByLabel("Confirmar contraseña").fill("esmalte-rosa-7");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(userMenuSummary(page, `${who.first} ${who.last}`)).toBeVisible();
}

/** From the cart: checkout, terms, Klarna, the demo gateway's pay button; ends on /success. */
async function payWithKlarna(page: Page) {
  await page.getByRole("link", { name: "Proceder al pago" }).click();
  await expect(page.getByRole("heading", { name: "Finalizar compra", level: 1 })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await page.getByRole("radio", { name: /Klarna - Paga en 3/ }).check();
  const pay = page.locator("button.checkout-pay");
  await expect(pay).toHaveText("Continuar con Klarna - Paga en 3");
  // Over 400 €, a factura completa: the billing details are required.
  if (await page.getByText(/más de 400 €/).count()) await fillBilling(page, "Júlia Serra");
  await page.getByLabel(/He leído y acepto/).check();
  await pay.click();
  await expect(page).toHaveURL(/\/pago-demo\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Klarna - Paga en 3")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: /^Pagar / }).click();
  await expect(page.getByRole("heading", { name: "¡Pago realizado!" })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
}

/** The code an authenticator app holding `secret` shows now. */
function appCode(secret: string): string {
  const key = base32Decode(secret.replace(/\s+/g, ""));
  if (!key) throw new Error(`not a base32 secret: ${secret}`);
  return hotp(key, timeStep(Date.now()));
}

/** A staff member invited from the command line activates with password + TOTP (signed in afterwards). */
async function activateStaff(page: Page, to: string) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["scripts/gestion-invitar.ts", "--email", to, "--role", "staff"],
    { cwd: root, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? "", LOG_LEVEL: "warn" } },
  );
  const link = /https?:\/\/\S+\/gestion\/activar\/[\w-]+/.exec(stdout)?.[0];
  expect(link, stdout).toBeTruthy();
  await visit(page, new URL(link!).pathname);
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Nombre", { exact: true }).fill("Laia");
  await page.getByLabel("Apellidos").fill("Puig");
  await page.getByLabel("Contraseña", { exact: true }).fill("manicura-rusa-27");
  await page.getByLabel("Confirmar contraseña").fill("manicura-rusa-27");
  const secret = (await page.locator(".staff-auth__secret").innerText()).trim();
  await page.getByLabel("Código de 6 cifras que muestra la aplicación").fill(appCode(secret));
  await page.getByRole("button", { name: "Activar mi acceso" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Acceso activado" })).toBeVisible();
}

test("a buyer pays two courses with Klarna, one on a later edition, and sees both dates everywhere", async ({
  page,
}) => {
  test.slow();
  const buyer = { first: "Júlia", last: "Serra", email: email("julia") };
  await register(page, buyer);
  const inicio = seededEditions("formacion-inicio")[0];
  // Expert Nails on its later edition, chosen with the course page's radio.
  const later = seededEditions("expert-nails")[1];

  await page.goto("/carrito?add=formacion-inicio");
  await expect(page.getByRole("heading", { name: "Mi carrito (1 curso)" })).toBeVisible();
  await page.goto("/formaciones/expert-nails");
  const laterRadio = page.getByRole("radio", { name: new RegExp(formatWeekdayDate(later.starts_on)) });
  await laterRadio.check();
  await page.getByRole("button", { name: /^Reservar en la fecha elegida/ }).click();
  await expect(page.getByRole("heading", { name: "Mi carrito (2 cursos)" })).toBeVisible();
  // The cart shows each edition chosen (chosen once, on the course page), with the way back to change it.
  const cartLine = (title: string) =>
    page.getByRole("list", { name: "Cursos en tu carrito" }).getByRole("listitem").filter({ hasText: title });
  await expect(cartLine("Expert Nails")).toContainText(editionDatesText(later.starts_on, later.ends_on));
  await expect(cartLine("Formación de inicio")).toContainText(editionDatesText(inicio.starts_on, inicio.ends_on));
  await expect(page.getByRole("link", { name: "Cambiar fecha de Expert Nails" })).toBeVisible();
  await expectNoAxeViolations(page);

  await payWithKlarna(page);
  const details = page.getByRole("table", { name: "Cursos comprados" });
  await expect(details).toContainText("Formación de inicio");
  await expect(details).toContainText("Expert Nails");
  await expect(page.getByText("Klarna - Paga en 3")).toBeVisible();
  const nextSteps = page.getByRole("region", { name: "Próximos pasos" });
  await expect(nextSteps).toContainText(`Formación de inicio: ${formatLongDate(inicio.starts_on)}`);
  await expect(nextSteps).toContainText(`Expert Nails: ${formatLongDate(later.starts_on)}`);

  await page.goto("/mis-cursos");
  const myCourse = (title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(myCourse("Formación de inicio")).toContainText(formatLongDate(inicio.starts_on));
  await expect(myCourse("Expert Nails")).toContainText(formatLongDate(later.starts_on));

  const mail = await waitForEmailTo(outbox, buyer.email, (m) => m.includes("Confirmaci"), 30_000);
  expect(mail).toContain(`del ${formatLongDate(inicio.starts_on)} al ${formatLongDate(inicio.ends_on)}`);
  expect(mail).toContain(`del ${formatLongDate(later.starts_on)} al ${formatLongDate(later.ends_on)}`);
});

test("a 1-seat edition fills up, a second buyer waits, the first withdraws: refund and seat offer follow", async ({
  page,
  browser,
}) => {
  test.slow();
  const COURSE = "iniciacion-acrilico";
  // Well after the 14 days of withdrawal (no early start) and before the seeded editions.
  const startsOn = madridDate(25);

  // A staff member adds an edition with a single seat.
  const staff = await newPage(browser);
  await activateStaff(staff, email("laia"));
  await visit(staff, `/gestion/cursos/${COURSE}/convocatorias/nueva`);
  await staff.getByLabel("Fecha de inicio").fill(startsOn);
  await staff.getByLabel("Fecha de fin").fill(madridDate(26));
  await staff.locator('input[name="schedule"]').fill("Lunes y martes, 16:00–20:00");
  await staff.getByLabel("Plazas").fill("1");
  await staff.getByRole("button", { name: /Añadir|Crear|Guardar/ }).click();
  await expect(staff).toHaveURL(new RegExp(`/gestion/cursos/${COURSE}(\\?|$)`));
  await expectNoAxeViolations(staff);
  await staff.context().close();

  // The first buyer takes that seat.
  const first = { first: "Ona", last: "Roca", email: email("ona") };
  await register(page, first);
  await page.goto(`/formaciones/${COURSE}`);
  const editionRadio = page.getByRole("radio", { name: new RegExp(formatWeekdayDate(startsOn)) });
  await expect(editionRadio).toHaveAccessibleDescription("Queda 1 plaza");
  await editionRadio.check();
  await page.getByRole("button", { name: /^Reservar en la fecha elegida/ }).click();
  await expect(page.getByRole("heading", { name: "Mi carrito (1 curso)" })).toBeVisible();
  await payWithKlarna(page);
  await expect(page.getByRole("region", { name: "Próximos pasos" })).toContainText(formatLongDate(startsOn));

  // A second buyer finds it full and joins its waiting list.
  const second = await newPage(browser);
  const waiting = email("pau");
  await visit(second, `/formaciones/${COURSE}`);
  const fullRadio = second.getByRole("radio", { name: new RegExp(formatWeekdayDate(startsOn)) });
  await expect(fullRadio).toBeDisabled();
  await expect(fullRadio).toHaveAccessibleDescription("Completo");
  const form = second.getByRole("form", { name: new RegExp(`^Avísame si queda una plaza: .*${formatWeekdayDate(startsOn)}`) });
  await form.getByLabel("Correo electrónico").fill(waiting);
  await form.getByRole("checkbox", { name: /solo para avisarme si queda una plaza/ }).check();
  await form.getByRole("button", { name: "Avísame si queda una plaza" }).click();
  await expect(form.getByRole("status")).toContainText("Te avisaremos por correo si queda una plaza");
  await expectNoAxeViolations(second);
  // Her entry counts once she confirms her address from the emailed link (a page with a button).
  const confirmation = await waitForEmailTo(outbox, waiting, (m) => m.includes("/lista-espera/confirmar/"), 30_000);
  await second.goto(/\/lista-espera\/confirmar\/[A-Za-z0-9_-]{43}/.exec(confirmation)![0]);
  await second.getByRole("button", { name: "Confirmar y entrar en la lista" }).click();
  await expect(second.getByRole("heading", { level: 1, name: "Correo confirmado" })).toBeVisible();
  await expectNoAxeViolations(second);

  // The first buyer withdraws before the start: she picks the course (none is checked), reviews what is
  // refunded and that it cannot be undone, then confirms.
  await page.goto("/perfil/compras");
  await page.getByRole("link", { name: /^Desistir del contrato: Iniciación/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Desistir del contrato" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Cursos del pedido" })).toContainText(formatLongDate(startsOn));
  await expectNoAxeViolations(page);
  const course = page.getByRole("checkbox", { name: /^Iniciación/ });
  await expect(course).not.toBeChecked();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Marca al menos un curso" })).toBeVisible();
  await page.getByRole("checkbox", { name: /^Iniciación/ }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  const review = page.getByRole("region", { name: "Revisa y confirma" });
  await expect(review).toContainText(/Te devolveremos \d/);
  await expect(review).toContainText("no se puede deshacer");
  await expectNoAxeViolations(page);
  await review.getByRole("button", { name: "Confirmar desistimiento" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Desistimiento recibido" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Hemos recibido tu desistimiento" })).toContainText(
    "Iniciación",
  );
  await expectNoAxeViolations(page);

  // The refund runs on its own; the freed seat goes to the waiting list by email.
  const offer = await waitForEmailTo(outbox, waiting, (m) => m.includes("Se ha liberado una plaza"), 30_000);
  expect(offer).toContain(formatLongDate(startsOn));
  await page.goto("/perfil/compras");
  const order = page.getByRole("row").filter({ hasText: /Iniciación/ });
  await expect
    .poll(
      async () => {
        await page.reload();
        return order.innerText();
      },
      { timeout: 30_000 },
    )
    .toContain("Reembolsado");
  await expect(order.getByRole("link", { name: /Desistir del contrato/ })).toHaveCount(0);
  await second.context().close();
});
