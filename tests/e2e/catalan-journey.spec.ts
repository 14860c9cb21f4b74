// Issue 34's acceptance, in Chromium after hydration: "a booking and a course purchase made
// entirely in Catalan produce Catalan emails, .ics and invoice PDF". A buyer signs up, picks a
// course's edition, pays it through the demo gateway and reads her confirmation (its .ics, its
// demo document PDF) on a desktop; a guest books, confirms by the emailed link and reads her
// confirmed appointment (its .ics, its page) on a phone. Every page they see and every email
// they get is in Catalan: no Spanish interface word in them. axe runs on every page they land on
// (fixtures.ts after each `goto`, here after each click that opens a new page).
import path from "node:path";
import { formatEuros, formatLongDate, formatMonthYear, formatWeekdayDate } from "../../app/domain/pricing.ts";
import { formatAppointmentTime, wallToInstant } from "../../app/domain/salon-time.ts";
import { icsUtc } from "../../app/bookings/appointment-ics.ts";
import {
  attachmentsOf,
  decodeQuotedPrintable,
  htmlOf,
  icsProperty,
  icsText,
  newestCalendarTo,
  plainTextOf,
  subjectOf,
  waitForEmailTo,
} from "../helpers/eml.ts";
import { pdfText } from "../helpers/pdf.ts";
import { chosenTime, openPickedDay, pathIn } from "./booking-helpers.ts";
import { expectCatalanPage, spanishIn } from "./catalan-text.ts";
import { createAccountFromOtherNetwork, expect, expectNoAxeViolations, test, userMenuSummary } from "./fixtures.ts";
import { seededEditions } from "./seeded.ts";
import { elideCatalanDays } from "../../app/i18n/catalan-elision.ts";

const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
const run = Date.now().toString(36);

test("una compra d’un curs feta en català: pàgines, correu, .ics i document PDF en català", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const buyer = { first: "Núria", last: "Ferrer", email: `nuria-compra-ca-${run}@example.com` };
  // The price as the page shows it (Playwright reads a no-break space as a space) and as the email writes it.
  const course = {
    id: "formacion-inicio",
    title: "Formació d’inici",
    price: "280,00 €",
    priceText: formatEuros(28000),
  };
  // The course page's later edition (both start after the 14 days of withdrawal), chosen with its radio.
  const edition = seededEditions(course.id).at(-1)!;

  // Sign-up, in Catalan.
  await page.goto("/ca/registre");
  await expectCatalanPage(page);
  await page.getByLabel("Nom", { exact: true }).fill(buyer.first);
  await page.getByLabel("Cognoms").fill(buyer.last);
  await page.getByLabel("Correu electrònic").fill(buyer.email);
  await page.getByLabel("Contrasenya", { exact: true }).fill("esmalt-de-color-7");
  await page.getByLabel("Confirma la contrasenya").fill("esmalt-de-color-7");
  await createAccountFromOtherNetwork(page, "ca");
  await expect(page).toHaveURL(/\/ca$/);
  await expect(userMenuSummary(page, `${buyer.first} ${buyer.last}`)).toBeVisible();
  await expectNoAxeViolations(page);

  // The course page: its Catalan title, the edition's radio in Catalan dates.
  await page.goto(`/ca/formacions/${course.id}`);
  await expect(page.getByRole("heading", { level: 1, name: course.title })).toBeVisible();
  await expectCatalanPage(page);
  const radio = page.getByRole("radio", { name: new RegExp(formatWeekdayDate(edition.starts_on, "ca")) });
  await expect(radio).toHaveAccessibleDescription(/^Queden \d+ places de \d+$/);
  await radio.check();
  await page.getByRole("button", { name: /^Reserva en la data triada/ }).click();

  // The cart.
  await expect(page).toHaveURL(/\/ca\/cistella/);
  await expect(page.getByRole("heading", { name: "La meva cistella (1 curs)" })).toBeVisible();
  const line = page.getByRole("list", { name: "Cursos de la teva cistella" }).getByRole("listitem");
  await expect(line).toContainText(course.title);
  await expect(line).toContainText(formatLongDate(edition.starts_on, "ca"));
  await expectNoAxeViolations(page);
  await expectCatalanPage(page);

  // The checkout: under 400 €, no billing details asked for.
  await page.getByRole("link", { name: "Procedeix al pagament" }).click();
  await expect(page).toHaveURL(/\/ca\/pagament\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Finalitza la compra" })).toBeVisible();
  await expect(page.locator(".checkout-summary__total")).toContainText(course.price);
  await expectNoAxeViolations(page);
  await expectCatalanPage(page);
  const pay = page.locator("button.checkout-pay");
  await expect(pay).toHaveText(`Paga ${course.price}`);
  await page.getByRole("checkbox", { name: /He llegit i accepto/ }).check();
  const waiver = page.locator("#waiver");
  if (await waiver.count()) await waiver.check();
  await pay.click();

  // The demo gateway.
  await expect(page).toHaveURL(/\/ca\/pagament-demo\/[0-9a-f-]{36}$/);
  await expect(page.getByText("MODE DEMO — no es fa cap càrrec")).toBeVisible();
  const lines = page.getByRole("table", { name: "Cursos de la comanda" });
  await expect(lines.getByRole("row", { name: new RegExp(`${course.title} ${course.price}`) })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectCatalanPage(page);
  await page.getByRole("button", { name: `Paga ${course.price}` }).click();

  // The purchase done.
  await expect(page).toHaveURL(/\/ca\/compra-completada\?session_id=demo_/);
  await expect(page.getByRole("heading", { name: "Pagament fet!" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Cursos comprats" })).toContainText(course.title);
  await expect(page.getByRole("region", { name: "Passos següents" })).toContainText(
    `${course.title}: ${formatLongDate(edition.starts_on, "ca")}`,
  );
  await expectNoAxeViolations(page);
  await expectCatalanPage(page);

  // The confirmation email: Catalan subject and text, the course's Catalan title and dates.
  const raw = await waitForEmailTo(outbox, buyer.email, (m) => m.includes("/ca/els-meus-cursos"), 30_000, {
    anyOf: true,
    raw: true,
  });
  expect(subjectOf(raw)).toMatch(/^Confirmació de la teva compra \(comanda [0-9A-F]{8}\) · Alejandra Nails$/);
  expect(htmlOf(raw)).toContain('<html lang="ca">');
  const text = plainTextOf(raw);
  for (const sentence of [
    `Hola, ${buyer.first}:`,
    "Gràcies per confiar en nosaltres! Hem rebut el teu pagament i ja tens la plaça reservada.",
    `- ${course.title}: ${course.priceText}`,
    elideCatalanDays(
      `Inici: ${formatMonthYear(edition.starts_on, "ca")} (del ${formatLongDate(edition.starts_on, "ca")} al ${formatLongDate(edition.ends_on, "ca")})`,
    ),
    "Comanda de demostració (MODE DEMO): no s’ha fet cap càrrec.",
    "T’adjuntem el document de demostració",
    "Tens dret de desistiment",
    "Model de formulari de desistiment",
  ]) {
    expect(text).toContain(sentence);
  }
  expect(text).toMatch(/Els teus cursos: https?:\/\/[^\s]+\/ca\/els-meus-cursos/);
  expect(spanishIn(`${subjectOf(raw)}\n${text}`), "Spanish in the confirmation email").toEqual([]);

  // Its .ics: the edition's dates, its summary and description in Catalan.
  const attachments = attachmentsOf(raw);
  const calendars = attachments.filter((a) => a.contentType === "text/calendar");
  expect(calendars).toHaveLength(1);
  expect(calendars[0]!.filename).toMatch(/\.ics$/);
  const ics = calendars[0]!.content.toString("utf8");
  expect(ics).toContain(`DTSTART;VALUE=DATE:${edition.starts_on.replace(/-/g, "")}`);
  expect(icsProperty(ics, "SUMMARY")).toBe(`${course.title} · Alejandra Nails`);
  expect(icsProperty(ics, "DESCRIPTION")).toMatch(
    /^Formació a Alejandra Nails\. Els teus cursos: https?:\/\/\S+\/ca\/els-meus-cursos$/,
  );
  expect(spanishIn(icsText(ics)), "Spanish in the .ics").toEqual([]);

  // Its demo document (no money taken, so no invoice), as a PDF whose labels are Catalan.
  const pdfs = attachments.filter((a) => a.contentType === "application/pdf");
  expect(pdfs).toHaveLength(1);
  expect(pdfs[0]!.filename).toMatch(/-DEMO-AN\d{4}-\d{6}\.pdf$/);
  // What she reads in her mail client: the file's name (soft: the journey goes on to the PDF).
  expect.soft(pdfs[0]!.filename, "the PDF's file name, in Catalan").not.toMatch(/demostracion|sin-validez/);
  const pdf = await pdfText(pdfs[0]!.content);
  for (const label of [
    "Document de demostració",
    "sense validesa fiscal",
    "Data d’expedició",
    "Concepte",
    "Import",
    "Comanda:",
    "Forma de pagament",
    course.title,
  ]) {
    expect(pdf).toContain(label);
  }
  for (const label of ["Documento", "Concepto", "Importe", "Fecha de expedición", "Pedido", "Forma de pago:"]) {
    expect(pdf).not.toContain(label);
  }
  // The payment method's name, in the language of the labels around it.
  expect.soft(pdf, "the payment method in the PDF").toMatch(/Forma de pagament: Targeta de crèdit o (de )?dèbit/);
  // Not asserted: the line's edition ("Convocatoria del …") and the VAT exemption's mention are written
  // in Spanish whatever the buyer's language, when the document is issued (app/invoices/texts.ts).
});

test("una reserva feta en català per una convidada: pàgines, correus, .ics i pàgina de la cita en català", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const guest = { name: "Laia Convidada", email: `laia-cita-ca-${run}@example.com`, phone: "612 345 679" };
  const service = "Manicura semipermanent";
  // Her service's Catalan name, not the Spanish one it begins ("Manicura semipermanente").
  const serviceName = new RegExp(`${service}(?![\\p{L}])`, "u");
  const spanishService = /Manicura semipermanente/;

  // The service, then anyone of the team.
  await page.goto("/ca/reserva");
  await expect(page.getByRole("heading", { level: 1, name: "Reserva la teva cita" })).toBeVisible();
  await expectCatalanPage(page, [spanishService]);
  await page.getByRole("checkbox", { name: new RegExp(`^${service}`) }).check();
  await page.getByRole("button", { name: "Continua" }).click();
  await expect(page.getByRole("group", { name: "Amb qui?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectCatalanPage(page, [spanishService]);
  await page.getByRole("radio", { name: /Qualsevol professional/ }).check();
  await page.getByRole("button", { name: "Mostra les hores lliures" }).click();
  await expect(page.getByRole("heading", { name: "Tria el dia" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectCatalanPage(page, [spanishService]);

  // A day, a time.
  const day = await openPickedDay(page, "ca");
  const time = page.locator('section[aria-labelledby="horas"] a').first();
  const chosen = await chosenTime(time);
  expect(chosen.day).toBe(day);
  await expectNoAxeViolations(page);
  await expectCatalanPage(page, [spanishService]);
  await time.click();

  // Her details.
  await expect(page.getByRole("heading", { name: "Les teves dades" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectCatalanPage(page, [spanishService]);
  await page.getByLabel("Nom i cognoms").fill(guest.name);
  await page.getByLabel("Correu electrònic").fill(guest.email);
  await page.getByLabel("Mòbil").fill(guest.phone);
  await page.getByRole("checkbox", { name: /Accepto que/ }).check();
  await page.getByRole("button", { name: "Reserva", exact: true }).click();
  await expect(page).toHaveURL(/\/ca\/reserva\/pendent\?/);
  await expect(page.getByRole("heading", { level: 1, name: /Revisa el teu correu/ })).toBeVisible();
  await expect(page.getByText("Pendent de confirmar")).toBeVisible();
  await expectNoAxeViolations(page);
  await expectCatalanPage(page, [spanishService]);

  // The email asking her to confirm, with the Catalan page's link.
  const holdRaw = await waitForEmailTo(outbox, guest.email, (m) => m.includes("/ca/reserva/confirmar/"), 10_000, {
    raw: true,
  });
  expect(subjectOf(holdRaw)).toBe("Confirma la teva cita · Alejandra Nails");
  const holdText = plainTextOf(holdRaw);
  expect(holdText).toContain("Hola, Laia:");
  expect(holdText).toContain("Gràcies per reservar!");
  expect.soft(holdText, "the service in the email to confirm").toMatch(serviceName);
  expect(spanishIn(`${subjectOf(holdRaw)}\n${holdText}`), "Spanish in the email to confirm").toEqual([]);

  // The link opens a page with a button (a link alone confirms nothing).
  await page.goto(pathIn(decodeQuotedPrintable(holdRaw), /https?:\/\/[^\s"<>]+\/ca\/reserva\/confirmar\/[\w-]+/));
  await expectCatalanPage(page, [spanishService]);
  await page.getByRole("button", { name: "Confirma la meva cita" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cita confirmada!" })).toBeVisible();
  await expect(page.getByText("Confirmada", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectCatalanPage(page, [spanishService]);

  // The confirmed appointment's email: Catalan subject, text and .ics.
  const startsAt = wallToInstant(chosen.day, chosen.minutes);
  const when = formatAppointmentTime(startsAt, "ca");
  const confirmedRaw = await waitForEmailTo(
    outbox,
    guest.email,
    (m) => m.includes("La teva cita est") && m.includes("/ca/cita/"),
    10_000,
    { raw: true },
  );
  expect(subjectOf(confirmedRaw)).toBe(`Cita confirmada: ${when} · Alejandra Nails`);
  expect(htmlOf(confirmedRaw)).toContain('<html lang="ca">');
  const confirmedText = plainTextOf(confirmedRaw);
  expect(confirmedText).toContain("Hola, Laia:");
  expect(confirmedText).toContain("T’adjuntem la cita en un fitxer de calendari (.ics)");
  expect.soft(confirmedText, "the service in the confirmation").toMatch(serviceName);
  // The WhatsApp link's message, which she sends as it is written.
  const whatsapp = /https:\/\/wa\.me\/\d+\?text=(\S+)/.exec(confirmedText)?.[1];
  expect(whatsapp, "the WhatsApp link in the confirmation").toBeTruthy();
  const message = decodeURIComponent(whatsapp!);
  expect(message).toMatch(/^Hola, Alejandra Nails! Tinc una cita de .+ el .+, a les \d{2}:\d{2} amb .+\.$/);
  expect.soft(message, "the service in the WhatsApp message").toMatch(serviceName);
  expect(spanishIn(message), "Spanish in the WhatsApp message").toEqual([]);
  expect(spanishIn(`${subjectOf(confirmedRaw)}\n${confirmedText}`), "Spanish in the confirmation").toEqual([]);
  const calendar = attachmentsOf(confirmedRaw).find((a) => a.contentType === "text/calendar");
  expect(calendar?.filename).toMatch(/\.ics$/);
  const ics = newestCalendarTo(outbox, guest.email);
  expect(ics).toBe(calendar!.content.toString("utf8"));
  expect(ics).toContain(`DTSTART:${icsUtc(new Date(startsAt))}`);
  expect.soft(icsProperty(ics, "SUMMARY"), "the .ics's summary").toBe(`Cita a Alejandra Nails: ${service}`);
  const description = icsProperty(ics, "DESCRIPTION");
  expect(description).toMatch(/^Amb .+\./);
  expect(description).toMatch(/Veure, canviar o cancel·lar la teva cita: https?:\/\/\S+\/ca\/cita\/[\w-]+$/);
  expect(spanishIn(icsText(ics)), "Spanish in the appointment's .ics").toEqual([]);

  // Her appointment's page, from the email's link.
  const manage = pathIn(confirmedText, /https?:\/\/[^\s"<>]+\/ca\/cita\/[\w-]+/);
  await page.goto(manage);
  await expect(page.getByRole("heading", { level: 1, name: "La teva cita" })).toBeVisible();
  await expect(page.getByText("Confirmada", { exact: true })).toBeVisible();
  expect.soft(await page.locator("main").innerText(), "the service on the appointment's page").toMatch(serviceName);
  await expect(page.getByRole("link", { name: "Canvia el dia o l’hora" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Anul·la la cita" })).toBeVisible();
  await expectCatalanPage(page, [spanishService]);
});
