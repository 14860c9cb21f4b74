import path from "node:path";
import type { Page } from "@playwright/test";
import { editionDatesText } from "../../app/domain/edition-dates.ts";
import { latestEmailTo } from "../helpers/eml.ts";
import { expect, fillBilling, test, userMenuSummary } from "./fixtures.ts";
import { seededEditions } from "./seeded.ts";

// The e2e server runs without STRIPE_SECRET_KEY: the demo gateway (/pago-demo/…)
// goes through the same order and fulfilment code as Stripe's webhook.
const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
const run = Date.now().toString(36);

async function registerBuyer(page: Page, first: string) {
  const email = `${first.toLowerCase()}-pago-${run}@example.com`;
  await page.goto("/registro");
  await page.getByLabel("Nombre", { exact: true }).fill(first);
  await page.getByLabel("Apellidos").fill("Compradora");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill("esmalte-rosa-7");
  await page.getByLabel("Confirmar contraseña").fill("esmalte-rosa-7");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(userMenuSummary(page, `${first} Compradora`)).toBeVisible();
  return email;
}

test("a signed-in buyer pays two courses in one order through the demo gateway", async ({ page }) => {
  // The longest journey of this file: cart, checkout, demo payment, success, emails.
  test.slow();
  const email = await registerBuyer(page, "Marta");

  await page.goto("/carrito?add=formacion-inicio");
  await expect(page.getByRole("heading", { name: "Mi carrito (1 curso)" })).toBeVisible();
  await page.goto("/carrito?add=expert-nails");
  await expect(page.getByRole("heading", { name: "Mi carrito (2 cursos)" })).toBeVisible();
  await expect(page.locator(".cart-summary__total")).toContainText("1.279,00 €");

  // The cart goes to the same checkout page as one course, with every line and its edition.
  await page.getByRole("link", { name: "Proceder al pago" }).click();
  await expect(page).toHaveURL(/\/checkout\?cursos=formacion-inicio%3A[^&]+%2Cexpert-nails%3A/);
  await expect(page.getByRole("heading", { name: "Finalizar compra", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Resumen del pedido (2 cursos)" })).toBeVisible();
  // Each line shows the edition chosen on its course page, with a link back there to change it: no choice here.
  const summaryLines = page.locator(".checkout-summary__lines");
  for (const [title, id] of [
    ["Formación de inicio", "formacion-inicio"],
    ["Expert Nails", "expert-nails"],
  ] as const) {
    const [next] = seededEditions(id);
    await expect(summaryLines.getByRole("listitem").filter({ hasText: title })).toContainText(
      editionDatesText(next!.starts_on, next!.ends_on),
    );
    await expect(page.getByRole("link", { name: `Cambiar fecha de ${title}` })).toHaveAttribute(
      "href",
      `/formaciones/${id}#convocatorias`,
    );
  }
  await expect(page.locator("form.checkout-form").getByRole("radio")).toHaveCount(4);
  await expect(page.locator(".checkout-summary__total")).toContainText("1.279,00 €");
  // 1279 €: within every method's bounds.
  await expect(page.getByRole("group", { name: "Método de pago" }).getByRole("radio")).toHaveCount(4);
  const checkoutPay = page.locator("button.checkout-pay");
  await expect(checkoutPay).toHaveText("Pagar 1.279,00 €");
  await checkoutPay.click();
  await expect(
    page.getByText("Debes aceptar los términos y condiciones y la política de privacidad para continuar"),
  ).toBeVisible();
  // 1279 € is over 400 €: a factura completa, so the billing details are asked for.
  await expect(page.getByText(/más de 400 €/)).toBeVisible();
  await fillBilling(page);
  await page.getByLabel(/He leído y acepto/).check();
  const waiver = page.locator("#waiver");
  if (await waiver.count()) await waiver.check();
  await page.locator("button.checkout-pay").click();
  await expect(page).toHaveURL(/\/pago-demo\/[0-9a-f-]{36}$/);
  await expect(page.getByText("MODO DEMO — no se realiza ningún cargo")).toBeVisible();
  const lines = page.getByRole("table", { name: "Cursos del pedido" });
  await expect(lines.getByRole("row", { name: /Formación de inicio 280,00 €/ })).toBeVisible();
  await expect(lines.getByRole("row", { name: /Expert Nails 999,00 €/ })).toBeVisible();
  await expect(lines.getByRole("row", { name: /Total 1.279,00 €/ })).toBeVisible();
  await expect(page.getByText("Tarjeta de crédito o débito")).toBeVisible();
  await page.getByRole("button", { name: "Pagar 1.279,00 €" }).click();

  await expect(page).toHaveURL(/\/success\?session_id=demo_[0-9a-f-]{36}&course_id=formacion-inicio$/);
  await expect(page.getByRole("heading", { name: "¡Pago realizado!" })).toBeVisible();
  const details = page.getByRole("table", { name: "Cursos comprados" });
  await expect(details).toContainText("Formación de inicio");
  await expect(details).toContainText("Expert Nails");
  await expect(details.getByRole("row", { name: /Total 1.279,00 €/ })).toBeVisible();
  await expect(page.getByText("Completado")).toBeVisible();
  await expect(page.getByRole("link", { name: "descarga el calendario (.ics)" })).toHaveAttribute(
    "href",
    /^\/api\/pedidos\/[0-9a-f-]{36}\/calendario\.ics$/,
  );
  await expect(page.getByRole("link", { name: /Compartir en Facebook/ })).toHaveAttribute(
    "href",
    /facebook\.com\/sharer/,
  );
  await expect(page.getByRole("link", { name: /Compartir en WhatsApp/ })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\?text=/,
  );

  const ics = await page.request.get(
    (await page.getByRole("link", { name: "descarga el calendario (.ics)" }).getAttribute("href"))!,
  );
  expect(ics.headers()["content-type"]).toContain("text/calendar");
  expect((await ics.text()).match(/BEGIN:VEVENT/g)).toHaveLength(2);

  await page.goto("/carrito");
  await expect(page.getByRole("heading", { name: "Tu carrito está vacío" })).toBeVisible();

  await page.goto("/perfil/compras");
  await expect(page.getByText("Completado").first()).toBeVisible();
  await expect(page.getByText("1.279,00 €").first()).toBeVisible();
  // Its document, as a PDF. The demo gateway took no money, so it is no invoice: a demo document, in its own
  // series and marked as one (app/invoices/series.ts); a real sale's "Factura AN2026-…" is tested on both databases.
  const invoiceLink = page.getByRole("link", {
    name: /^Documento de demostración DEMO-AN\d{4}-\d{6} \(sin validez fiscal\)/,
  });
  await expect(invoiceLink).toHaveCount(1);
  await expect(page.getByRole("link", { name: /^Factura / })).toHaveCount(0);
  const invoice = await page.request.get((await invoiceLink.getAttribute("href"))!);
  expect(invoice.headers()["content-type"]).toBe("application/pdf");
  expect(invoice.headers()["content-disposition"]).toMatch(
    /filename="demostracion-sin-validez-DEMO-AN\d{4}-\d{6}\.pdf"/,
  );
  expect((await invoice.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.goto("/mis-cursos");
  await expect(page.getByRole("heading", { name: "Formación de inicio", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Expert Nails", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: /Añadir al calendario/ })).toHaveCount(2);
  // In-person courses: where each stands (from the edition dates) and where it is, never a progress bar.
  await expect(page.getByText(/^Empieza el \d+ de \w+ de \d{4}$/)).toHaveCount(2);
  await expect(page.getByText("Carrer Major, 48, 08750 Molins de Rei, Barcelona").first()).toBeVisible();
  await expect(page.locator("progress")).toHaveCount(0);
  await page.goto("/perfil/cursos");
  await expect(page.getByText(/^Empieza el /)).toHaveCount(2);
  await expect(page.locator("progress")).toHaveCount(0);

  await expect.poll(() => latestEmailTo(outbox, email)).toContain("Confirmaci");
  const mail = latestEmailTo(outbox, email)!;
  expect(mail).toContain("Formación de inicio");
  expect(mail).toContain("Expert Nails");
  expect(mail).toContain("1.279,00");
  expect(mail.match(/Content-Type: text\/calendar/g)).toHaveLength(2);
  // The longer file name folds the header onto a second line.
  expect(mail).toMatch(/Content-Type: application\/pdf;\s+name=demostracion-sin-validez-DEMO-AN\d{4}-\d{6}\.pdf/);
  expect(mail).toContain("Documento de demostración sin validez fiscal");
  expect(mail).toMatch(/filename=.*\.ics/);

  // Someone else's browser sees no personal data on the same success URL.
  const successUrl =
    "/success?session_id=" + encodeURIComponent(new URL(page.url()).searchParams.get("session_id") ?? "");
  await page.context().clearCookies();
  await page.goto(successUrl || "/success");
  await expect(page.getByRole("heading", { name: "Gracias por tu visita" })).toBeVisible();
  await expect(page.getByText("1.279,00 €")).toHaveCount(0);
});

test("/checkout/tecnico-manicurista offers four methods, needs the terms and relabels the button", async ({
  page,
  baseURL,
}) => {
  await page.goto("/checkout/tecnico-manicurista");
  await expect(page).toHaveURL(`${baseURL}/login?redirectTo=%2Fcheckout%2Ftecnico-manicurista`);

  await registerBuyer(page, "Nerea");
  await page.goto("/checkout/no-existe");
  await expect(page).toHaveURL(`${baseURL}/formaciones`);

  await page.goto("/checkout/tecnico-manicurista");
  await expect(page.getByRole("heading", { name: "Técnico Manicurista" })).toBeVisible();
  await expect(page.getByText("Garantía 30 días")).toBeVisible();
  await expect(page.locator(".checkout-summary__prices")).toContainText("800,00 €");
  await expect(page.locator(".checkout-summary__prices")).toContainText("150,00 €");
  await expect(page.getByRole("region", { name: "Tus datos" })).toContainText("Nerea Compradora");

  const methods = page.getByRole("group", { name: "Método de pago" }).getByRole("radio");
  await expect(methods).toHaveCount(4);
  const pay = page.locator("button.checkout-pay");
  await expect(page.getByRole("radio", { name: /Tarjeta de crédito o débito/ })).toBeChecked();
  await expect(pay).toHaveText("Pagar 650,00 €");
  await page.getByRole("radio", { name: /Klarna - Paga en 3/ }).check();
  await expect(pay).toHaveText("Continuar con Klarna - Paga en 3");
  await page.getByRole("radio", { name: /SeQura/ }).check();
  await expect(pay).toHaveText("Continuar con SeQura");
  await page.getByRole("radio", { name: /Scalapay/ }).check();
  await expect(pay).toHaveText("Continuar con Scalapay");

  // Without the terms checkbox the server refuses and says why.
  await pay.click();
  await expect(
    page.getByText("Debes aceptar los términos y condiciones y la política de privacidad para continuar"),
  ).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/checkout/tecnico-manicurista`);
  await expect(page.getByRole("radio", { name: /Scalapay/ })).toBeChecked();
  const form = page.locator("form.checkout-form");
  await expect(form.getByRole("link", { name: "términos y condiciones" })).toHaveAttribute("href", "/terms");
  await expect(form.getByRole("link", { name: "política de privacidad" })).toHaveAttribute("href", "/privacy");

  // An in-person course keeps the 14-day withdrawal right: plain information and the model form, and no
  // early-start request while every offered edition starts after those 14 days.
  await expect(form.getByRole("link", { name: "Derecho de desistimiento y formulario" })).toHaveAttribute(
    "href",
    /\/terms#/,
  );
  await expect(form.getByRole("checkbox")).toHaveCount(1);
  await expect(page.getByText(/contenido digital/i)).toHaveCount(0);
  await page.getByRole("checkbox", { name: /He leído y acepto/ }).check();
  // 650 € needs a factura completa: without the billing details the server says so and keeps the choices.
  await pay.click();
  await expect(page.getByText("Escribe tu NIF, NIE o CIF.")).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/checkout/tecnico-manicurista`);
  await fillBilling(page);
  await page.getByRole("checkbox", { name: /He leído y acepto/ }).check();
  await pay.click();
  await expect(page).toHaveURL(/\/pago-demo\//);
  await expect(page.getByText("Scalapay")).toBeVisible();
  await expect(page.getByRole("row", { name: /Técnico Manicurista 650,00 €/ })).toBeVisible();

  // Cancelling lands on /cancel: no charge, the FAQ names SeQura and Scalapay.
  await page.getByRole("button", { name: "Cancelar" }).click();
  await expect(page).toHaveURL(`${baseURL}/cancel`);
  await expect(page.getByText("No se ha realizado ningún cargo")).toBeVisible();
  await expect(page.getByRole("link", { name: "Reservar una cita" })).toHaveAttribute("href", "/contacto");
  await expect(page.locator(".cancel-faq")).toContainText("SeQura");
  await expect(page.locator(".cancel-faq")).toContainText("Scalapay");
  await page.getByRole("button", { name: "Reintentar el pago" }).click();
  await expect(page).toHaveURL(/\/pago-demo\//);
});
