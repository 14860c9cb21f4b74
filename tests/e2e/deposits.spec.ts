// Deposits (issue 15), in Chromium on a 390 px phone: a guest books the
// acrylic set, which asks a señal; the details step says so, the demo gateway
// takes it, her booking page says it is confirmed and paid, the confirmation
// and the invoice arrive by email; she cancels in time from the email's link
// and the señal comes back (refund email, with its rectificativa). axe runs on
// every step (fixtures.ts after each `goto`; here after each click).
import path from "node:path";
import { formatEuros } from "../../app/domain/pricing.ts";
import { waitForEmailTo } from "../helpers/eml.ts";
import { openPickedDay, pathIn } from "./booking-helpers.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
const run = Date.now().toString(36);
const DEPOSIT = formatEuros(1500);

test("a guest pays the señal of an acrylic set, gets it confirmed, cancels in time and gets the señal back", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const guest = { name: "Irene Señal", email: `irene-senal-${run}@example.com`, phone: "612 345 679" };

  await page.goto("/servicios");
  await expect(page.getByText(`Señal de ${DEPOSIT} al reservar en la web`)).toBeVisible();
  await page.getByRole("link", { name: "Reservar Uñas de acrílico (nuevo set)", exact: true }).click();
  await page.getByRole("radio", { name: /Cualquier profesional/ }).check();
  await page.getByRole("button", { name: "Ver horas libres" }).click();
  await openPickedDay(page);
  await page.locator('section[aria-labelledby="horas"] a').first().click();
  await expect(page.getByRole("heading", { name: "Tus datos" })).toBeVisible();
  await expect(page.getByText(`pedimos una señal de ${DEPOSIT}`)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Nombre y apellidos").fill(guest.name);
  await page.getByLabel("Correo electrónico").fill(guest.email);
  await page.getByLabel("Móvil").fill(guest.phone);
  await page.getByRole("checkbox", { name: /Acepto que/ }).check();
  await page.getByRole("button", { name: `Reservar y pagar la señal (${DEPOSIT})` }).click();

  // The demo gateway: the señal, its amount, the Pay button.
  await expect(page).toHaveURL(/\/pago-demo\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("cell", { name: /^Señal · Uñas de acrílico/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: `Pagar ${DEPOSIT}` }).click();

  await expect(page).toHaveURL(/\/reservar\/pendiente\?cita=/);
  await expect(page.getByRole("heading", { level: 1, name: "Tu cita está confirmada" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: `Hemos recibido tu señal de ${DEPOSIT}` })).toBeVisible();
  await expect(page.getByText(`${DEPOSIT}, pagada en la web`)).toBeVisible();
  await expectNoAxeViolations(page);

  // The confirmation and the invoice go out together, in either order.
  const both = { anyOf: true };
  const confirmed = await waitForEmailTo(outbox, guest.email, (m) => /Tu cita está confirmada/.test(m), 10_000, both);
  expect(confirmed).toContain(`Señal: ${DEPOSIT}, pagada en la web`);
  // The demo gateway took no money: its document says it is no invoice (app/invoices/series.ts).
  await waitForEmailTo(
    outbox,
    guest.email,
    (m) => /Documento de demostración sin validez fiscal/.test(m),
    10_000,
    both,
  );

  // Cancel from the email's link, days ahead: the señal goes back.
  await page.goto(pathIn(confirmed, /https?:\/\/[^\s"<>]+\/cita\/[\w-]+/));
  await page.getByRole("button", { name: "Anular la cita" }).click();
  await expect(page.getByText(/Te devolveremos la señal de/)).toBeVisible();
  await page.getByRole("button", { name: "Sí, anular la cita" }).click();
  await expect(page.getByRole("status").filter({ hasText: /anulada y te devolvemos la señal/ })).toBeInViewport();
  await expectNoAxeViolations(page);
  const refund = await waitForEmailTo(outbox, guest.email, (m) => /Te hemos hecho un reembolso/.test(m));
  expect(refund).toContain("te devolvemos la se");
  await page.reload();
  await expect(page.getByText(`${DEPOSIT}, devuelta`)).toBeVisible();
});
