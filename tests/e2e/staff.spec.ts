// The back office's "done when": the owner is invited from the command line,
// activates with a password and TOTP, invites a staff member; the staff member
// signs in with TOTP, changes a price and adds an edition, and the public pages
// show both at once; a customer gets 403 on every /gestion URL; a wrong code is
// refused and repeated wrong codes lock the second factor; the audit log shows
// both changes. Every page visited through `page` is checked by axe (fixtures.ts).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { base32Decode, hotp, timeStep } from "../../app/domain/totp.ts";
import { formatEuros, formatMonthYear } from "../../app/domain/pricing.ts";
import { LINK_OPENED_ELSEWHERE } from "../../app/staff/auth/messages.ts";
import {
  createAccountFromOtherNetwork,
  expect,
  expectNoAxeViolations,
  fillBilling,
  signOutOfStaffArea,
  test,
  userMenuSummary,
  waitForHydration,
} from "./fixtures.ts";

const run = Date.now().toString(36);
const email = (name: string) => `${name}-${run}@example.com`;
const root = path.resolve(import.meta.dirname, "../..");

/** The code an authenticator app holding `secret` shows `offset` steps from now. */
function appCode(secret: string, offset = 0): string {
  const key = base32Decode(secret.replace(/\s+/g, ""));
  if (!key) throw new Error(`not a base32 secret: ${secret}`);
  return hotp(key, timeStep(Date.now()) + offset);
}

/** Six digits no app holding `secret` accepts right now (neither this step nor its neighbours). */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((o) => appCode(secret, o)));
  return ["000000", "111111", "222222", "333333"].find((c) => !valid.has(c))!;
}

/** `npm run gestion:invitar` on the same data directory as the e2e server: the path of the printed link. */
async function inviteFromCli(to: string, role: "owner" | "staff"): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["scripts/gestion-invitar.ts", "--email", to, "--role", role],
    { cwd: root, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? "", LOG_LEVEL: "warn" } },
  );
  const link = /https?:\/\/\S+\/gestion\/activar\/[\w-]+/.exec(stdout)?.[0];
  expect(link, stdout).toBeTruthy();
  return new URL(link!).pathname;
}

/**
 * Activation of a new account: "Continuar" (the link is now this browser's; `opened` runs then),
 * name, password, the first code from the QR's secret. Returns the secret.
 */
async function activate(
  page: Page,
  linkPath: string,
  who: { first: string; last: string; password: string },
  opened?: () => Promise<void>,
) {
  await page.goto(linkPath);
  await expect(page.getByRole("heading", { level: 1, name: "Activa tu acceso al área de gestión" })).toBeVisible();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("img", { name: /Código QR/ })).toBeVisible();
  await opened?.();
  await page.getByLabel("Nombre", { exact: true }).fill(who.first);
  await page.getByLabel("Apellidos").fill(who.last);
  await page.getByLabel("Contraseña", { exact: true }).fill(who.password);
  await page.getByLabel("Confirmar contraseña").fill(who.password);
  const secret = (await page.locator(".staff-auth__secret").innerText()).trim();
  await page.getByLabel("Código de 6 cifras que muestra la aplicación").fill(appCode(secret));
  await page.getByRole("button", { name: "Activar mi acceso" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Acceso activado" })).toBeVisible();
  // Ten single-use recovery codes, shown once.
  await expect(page.locator(".staff-auth__codes li")).toHaveCount(10);
  return secret;
}

async function signInWithPassword(page: Page, mail: string, password: string) {
  await page.goto("/login?redirectTo=%2Fgestion");
  await page.getByLabel("Correo electrónico").fill(mail);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/gestion\/verificar/);
  await expect(page.getByRole("heading", { level: 1, name: "Verificación en dos pasos" })).toBeVisible();
  // Loaded as a document of its own (with the staff area's opener policy), not
  // reached by an in-app navigation inside the sign-in page's document.
  const documentUrl = await page.evaluate(() => performance.getEntriesByType("navigation")[0]?.name ?? "");
  expect(new URL(documentUrl).pathname).toBe("/gestion/verificar");
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Código de verificación").fill(code);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "es-ES", timezoneId: "Europe/Madrid" });
  return context.newPage();
}

/** Madrid's date `days` from today, YYYY-MM-DD. */
function madridDate(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

test("owner and staff run the catalogue from /gestion; customers are kept out; wrong codes are refused and locked", async ({
  page,
  browser,
}) => {
  test.slow();
  const owner = { first: "Alejandra", last: "Molins", email: email("owner"), password: "uñas-de-gel-2027" };
  const staff = { first: "Lucía", last: "Ferrer", email: email("staff"), password: "manicura-rusa-27" };

  // 1. The first owner comes from the command line and activates with password + TOTP.
  const ownerSecret = await activate(page, await inviteFromCli(owner.email, "owner"), owner);
  await page.getByRole("link", { name: "Entrar en el área de gestión" }).click();
  await expect(page.getByRole("navigation", { name: "Secciones de gestión" })).toBeVisible();

  // 2. She invites a staff member; the one-time link is shown once.
  await page.goto("/gestion/equipo");
  await page.getByLabel("Correo electrónico").fill(staff.email);
  await page.getByRole("button", { name: "Crear invitación" }).click();
  const invitation = page.getByRole("status").filter({ hasText: `Invitación creada para ${staff.email}` });
  await expect(invitation).toBeVisible();
  const staffLink = new URL((await invitation.locator("code").innerText()).trim()).pathname;

  // 3. The staff member activates on her own device, signs out, and signs in again: password, then TOTP.
  const staffPage = await newPage(browser);
  const staffSecret = await activate(staffPage, staffLink, staff, async () => {
    // Once opened on her device, the link is hers: in another browser (the owner's) it is refused.
    await page.goto(staffLink);
    await expect(page.getByText(LINK_OPENED_ELSEWHERE)).toBeVisible();
  });
  await staffPage.goto("/gestion");
  await signOutOfStaffArea(staffPage);
  await signInWithPassword(staffPage, staff.email, staff.password);
  // Before the second factor there is no way in.
  expect((await staffPage.request.get("/gestion", { maxRedirects: 0 })).status()).toBe(302);
  await enterCode(staffPage, wrongCode(staffSecret));
  await expect(staffPage.getByText("El código no es correcto o ya se ha usado.")).toBeVisible();
  // The activation used this step's code: the app's next code opens the session.
  await enterCode(staffPage, appCode(staffSecret, 1));
  await expect(staffPage).toHaveURL(/\/gestion$/);
  await waitForHydration(staffPage);
  await expectNoAxeViolations(staffPage);

  // 4. She changes the price of a course …
  await staffPage.goto("/gestion/cursos/formacion-inicio");
  await waitForHydration(staffPage);
  await staffPage.getByLabel("Precio (€)").fill("295,50");
  await staffPage.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(staffPage.getByRole("status").filter({ hasText: /guardad/i })).toBeVisible();
  await expectNoAxeViolations(staffPage);

  // … and adds an edition with 6 seats, sooner than any other (so it is the next one).
  const startsOn = madridDate(10);
  await staffPage.getByRole("link", { name: "Añadir convocatoria" }).click();
  await expect(staffPage.getByRole("heading", { level: 1, name: /Nueva convocatoria/ })).toBeVisible();
  await staffPage.getByLabel("Fecha de inicio").fill(startsOn);
  await staffPage.getByLabel("Fecha de fin").fill(madridDate(12));
  await staffPage.locator('input[name="schedule"]').fill("Lunes a miércoles, 10:00–14:00");
  await staffPage.getByLabel("Plazas").fill("6");
  await staffPage.getByRole("button", { name: /Añadir|Crear|Guardar/ }).click();
  await expect(staffPage).toHaveURL(/\/gestion\/cursos\/formacion-inicio(\?|$)/);
  await expectNoAxeViolations(staffPage);

  // 5. The public pages show the new price and date at once.
  const price = formatEuros(29550);
  await page.goto("/formaciones");
  const card = page.getByRole("article").filter({ hasText: "Formación de inicio" }).first();
  await expect(card).toContainText(price);
  await expect(card).toContainText(formatMonthYear(startsOn));
  await page.goto("/formaciones/formacion-inicio");
  await expect(page.getByRole("main")).toContainText(price);
  await expect(page.getByRole("main")).toContainText("Lunes a miércoles, 10:00–14:00");
  await expect(page.getByRole("main")).toContainText("Quedan 6 plazas de 6");

  // 6. The owner's audit log shows both changes, by the staff member, in words (no raw codes, cents or ISO times).
  await page.goto("/gestion/auditoria");
  const log = page.getByRole("table");
  const priceChange = log.getByRole("row").filter({ hasText: staff.email }).filter({ hasText: "Curso editado" });
  await expect(priceChange).toHaveCount(1);
  await expect(priceChange).toContainText("Precio");
  await expect(priceChange).toContainText(`después: ${formatEuros(29550)}`);
  await expect(
    log.getByRole("row").filter({ hasText: staff.email }).filter({ hasText: "Convocatoria creada" }),
  ).toHaveCount(1);
  await expect(log).not.toContainText("course.update");

  // 7. A customer gets 403 on every /gestion URL, pages, forms and exports alike.
  const customerPage = await newPage(browser);
  await customerPage.goto("/registro");
  await customerPage.getByLabel("Nombre", { exact: true }).fill("Marta");
  await customerPage.getByLabel("Apellidos").fill("Soler");
  await customerPage.getByLabel("Correo electrónico").fill(email("customer"));
  await customerPage.getByLabel("Contraseña", { exact: true }).fill("esmalte-rojo-99");
  await customerPage.getByLabel("Confirmar contraseña").fill("esmalte-rojo-99");
  await createAccountFromOtherNetwork(customerPage);
  await expect(userMenuSummary(customerPage, "Marta Soler")).toBeVisible();
  for (const url of [
    "/gestion",
    "/gestion/pedidos",
    "/gestion/pedidos/exportar.csv",
    "/gestion/cursos",
    "/gestion/cursos/nuevo",
    "/gestion/cursos/formacion-inicio",
    "/gestion/cursos/formacion-inicio/convocatorias/nueva",
    "/gestion/convocatorias",
    "/gestion/avisos",
    "/gestion/equipo",
    "/gestion/auditoria",
    "/gestion/seguridad",
    "/gestion/no-existe",
  ]) {
    const res = await customerPage.request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(403);
  }
  const post = await customerPage.request.post("/gestion/cursos/formacion-inicio", {
    form: { intent: "publish" },
    headers: { Origin: new URL(customerPage.url()).origin },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);
  const shown = await customerPage.goto("/gestion/cursos");
  expect(shown?.status()).toBe(403);
  await expect(customerPage.getByRole("heading", { name: "Acceso restringido" })).toBeVisible();

  // 8. Repeated wrong codes lock the second factor, even for the right code afterwards.
  await page.goto("/gestion");
  await signOutOfStaffArea(page);
  await signInWithPassword(page, owner.email, owner.password);
  for (let i = 0; i < 5; i++) {
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes("/gestion/verificar"),
    );
    await enterCode(page, wrongCode(ownerSecret));
    await answered;
    await expect(
      page.getByText(i < 4 ? "El código no es correcto o ya se ha usado." : /Demasiados códigos incorrectos/),
    ).toBeVisible();
  }
  // Signing in again does not help: the right code is refused for the lockout's duration.
  await signInWithPassword(page, owner.email, owner.password);
  await enterCode(page, appCode(ownerSecret, 1));
  await expect(page.getByText(/Demasiados códigos incorrectos/)).toBeVisible();
  expect((await page.request.get("/gestion", { maxRedirects: 0 })).status()).toBe(302);

  await staffPage.context().close();
  await customerPage.context().close();
});

test("staff follow an order and its students: filters by keyboard, detail, resend, CSV exports, attendee list and sign-in sheet", async ({
  page,
  browser,
}) => {
  test.slow();
  // A buyer pays a course through the demo gateway, in her own browser.
  const buyerEmail = email("buyer");
  const buyer = await newPage(browser);
  await buyer.goto("/registro");
  await buyer.getByLabel("Nombre", { exact: true }).fill("Nuria");
  await buyer.getByLabel("Apellidos").fill("Casals");
  await buyer.getByLabel("Correo electrónico").fill(buyerEmail);
  await buyer.getByLabel("Contraseña", { exact: true }).fill("esmalte-rosa-7");
  await buyer.getByLabel("Confirmar contraseña").fill("esmalte-rosa-7");
  await createAccountFromOtherNetwork(buyer);
  await expect(userMenuSummary(buyer, "Nuria Casals")).toBeVisible();
  await buyer.goto("/carrito?add=tecnico-manicurista");
  await buyer.getByRole("link", { name: "Proceder al pago" }).click();
  await fillBilling(buyer, "Nuria Casals");
  await buyer.getByLabel(/He leído y acepto/).check();
  if (await buyer.locator("#waiver").count()) await buyer.locator("#waiver").check();
  await buyer.locator("button.checkout-pay").click();
  await expect(buyer).toHaveURL(/\/pago-demo\//);
  await buyer.getByRole("button", { name: /^Pagar / }).click();
  await expect(buyer.getByRole("heading", { name: "¡Pago realizado!" })).toBeVisible();
  await buyer.context().close();

  // A staff member, invited from the command line, signed in with TOTP.
  const staff = { first: "Carla", last: "Vidal", password: "pedicura-spa-2027" };
  await activate(page, await inviteFromCli(email("carla"), "staff"), staff);
  await page.goto("/gestion");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Orders: the search field and Enter, no mouse.
  await page.goto("/gestion/pedidos");
  await page.getByLabel("Buscar por email o n.º de pedido").focus();
  await page.keyboard.type(buyerEmail.toUpperCase());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]q=/);
  const rows = page.getByRole("table").getByRole("row").filter({ hasText: buyerEmail });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Técnico Manicurista");
  await expect(rows).toContainText(formatEuros(65000));

  // The CSV of this filtered list opens in Excel: BOM, semicolons, decimal comma.
  const csvHref = await page.getByRole("link", { name: "Exportar CSV" }).getAttribute("href");
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const csvBytes = await csv.body();
  expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csvText = csvBytes.toString("utf8");
  expect(csvText).toContain(buyerEmail);
  expect(csvText).toContain("650,00");
  expect(csvText.split("\r\n").filter(Boolean)).toHaveLength(2);

  // Detail: lines, the payment, the confirmation email; resend it.
  await rows.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Pedido / })).toBeVisible();
  await expect(page.getByRole("table", { name: "Cursos del pedido" })).toContainText("Técnico Manicurista");
  await expect(page.getByRole("table", { name: "Correos de este pedido" })).toBeVisible();
  const resend = page.getByRole("button", { name: "Reenviar confirmación" });
  // Refused while the first confirmation is still waiting to go out; the worker sends it within seconds.
  await expect
    .poll(
      async () => {
        await resend.click();
        await page.waitForLoadState("networkidle");
        return new URL(page.url()).search;
      },
      { timeout: 30_000 },
    )
    .toContain("aviso=confirmacion-reenviada");
  await expect(page.getByRole("status").filter({ hasText: /reenviad|cola/i })).toBeVisible();

  // A partial refund: the form (by keyboard), the confirmation, then the demo gateway refunds it.
  await page.getByRole("link", { name: "Reembolsar…" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Reembolsar el pedido / })).toBeVisible();
  await expect(page.getByLabel("Importe a reembolsar (€)")).toHaveValue("650");
  await page.getByLabel("Importe a reembolsar (€)").fill("100,5");
  await page.getByRole("button", { name: "Revisar el reembolso" }).click();
  await expect(page.getByText("Elige el motivo del reembolso")).toBeVisible();
  await expect(page.getByLabel("Motivo", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await page.getByLabel("Motivo", { exact: true }).selectOption({ label: "A petición de la alumna" });
  await page.getByRole("button", { name: "Revisar el reembolso" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Confirma el reembolso" })).toBeVisible();
  await expect(page.getByText("La alumna conserva su plaza en el curso.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: `Reembolsar ${formatEuros(10050)}` }).click();
  await expect(page).toHaveURL(/aviso=reembolso-solicitado/);
  const refundsTable = page.getByRole("table", { name: "Reembolsos del pedido" });
  await expect(refundsTable).toContainText("A petición de la alumna");
  await expect
    .poll(
      async () => {
        await page.reload();
        return refundsTable.innerText();
      },
      { timeout: 30_000 },
    )
    .toContain("Hecho");
  await expect(page.locator(".staff-heading .status-badge").first()).toHaveText("Reembolso parcial");

  // Documented as it happened: the sale and its refund, each a PDF. Paid through the demo gateway (no money taken),
  // they are demo documents, not invoices (app/invoices/series.ts): listed apart from the invoices and their totals.
  await page.goto("/gestion/facturas");
  await expect(
    page
      .getByRole("table", { name: /^Facturas del periodo/ })
      .getByRole("row")
      .filter({ hasText: "Nuria Casals" }),
  ).toHaveCount(0);
  const invoices = page.getByRole("table", { name: /^Documentos de demostración del periodo \(sin validez fiscal\)/ });
  await expect(
    invoices.getByRole("row").filter({ hasText: "Nuria Casals" }).filter({ hasText: "Devolución" }),
  ).toContainText(formatEuros(-10050));
  const sale = invoices.getByRole("row").filter({ hasText: "Nuria Casals" }).filter({ hasText: "Venta" }).first();
  await expect(sale).toContainText(formatEuros(65000));
  const pdf = await page.request.get(
    (await sale.getByRole("link", { name: /^PDF del documento de demostración DEMO-/ }).getAttribute("href"))!,
  );
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // The edition's students: the buyer is on the list, the sheet prints, the CSV exports.
  await page.goto("/gestion/convocatorias");
  const edition = page
    .getByRole("row")
    .filter({ hasText: "Técnico Manicurista" })
    .filter({ hasText: /[1-9]\d* \/ \d+/ })
    .first();
  await edition.getByRole("link", { name: /^Alumnos/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Alumnos · Técnico Manicurista" })).toBeVisible();
  await expect(page.getByRole("table").first()).toContainText(buyerEmail);
  const attendeesCsv = await page.request.get(`${new URL(page.url()).pathname}.csv`);
  expect(attendeesCsv.status()).toBe(200);
  expect(attendeesCsv.headers()["content-disposition"]).toContain("attachment");
  expect((await attendeesCsv.body()).toString("utf8")).toContain("Casals");
  await page.getByRole("link", { name: "Imprimir hoja de firmas" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hoja de firmas · Técnico Manicurista" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Firma" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Secciones de gestión" })).toBeHidden();
  await expect(page.getByRole("table")).toContainText("Casals");
  await page.emulateMedia({ media: "screen" });

  // Editing that edition, and the cancel screen: it lists who must be told before anything is cancelled.
  await page.getByRole("link", { name: "← Volver a la lista de alumnos" }).click();
  await page.getByRole("link", { name: "Editar convocatoria" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Técnico Manicurista|convocatoria/i);
  await page.getByRole("link", { name: "Cancelar convocatoria…" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: /^¿Cancelar la convocatoria del .* de Técnico Manicurista\?$/ }),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "Alumnas a las que hay que avisar" })).toContainText(buyerEmail);
  await page.getByRole("link", { name: "← Volver sin cancelar" }).click();
  await expect(page.getByRole("link", { name: "Cancelar convocatoria…" })).toBeVisible();

  // Every other staff screen renders (axe runs on each through the fixture).
  for (const [url, heading] of [
    ["/gestion", /Panel/],
    ["/gestion/cursos", "Cursos"],
    ["/gestion/cursos/nuevo", /Nuevo curso/],
    ["/gestion/cursos/tecnico-manicurista/convocatorias/nueva", /Nueva convocatoria/],
    ["/gestion/avisos", /Avisos/],
    ["/gestion/seguridad", /Seguridad|recuperación/i],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  // The owner's screens stay closed to staff.
  expect((await page.request.get("/gestion/equipo")).status()).toBe(403);
});
