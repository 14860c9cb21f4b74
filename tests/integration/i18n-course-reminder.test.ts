/**
 * The course reminder in the account's language (users.locale, issue 34), on
 * SQLite and PostgreSQL: a Catalan account's reminder is written in Catalan
 * (subject, words, dates, the course's Catalan title and hours) with its
 * one-click unsubscribe link at /ca/baixa/<token>, even for an order made in
 * Spanish; a Spanish account's reads exactly as before, even for an order made
 * in Catalan. The reminder belongs to the account (its settings, its
 * unsubscribe), so it follows the account's language, as the verification and
 * password emails do; the order's own documents follow the order's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { site } from "~/content/site.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { formatLongDate, formatWeekdayDate } from "~/domain/pricing.ts";
import type { Locale } from "~/i18n/locales.ts";
import { localHref } from "~/i18n/paths.ts";
import { newId } from "~/lib/ids.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { checkUnsubscribeToken, COURSE_REMINDERS_TOPIC } from "~/mail/unsubscribe-token.ts";
import { courseReminderKey, courseReminderTemplate } from "~/orders/reminders.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { insertCourse, insertEdition, insertOrder, payOrder } from "./staff-orders-fixtures.ts";
import { elideCatalanDays } from "~/i18n/catalan-elision.ts";

const PUBLIC_URL = "http://localhost:3000";
const SECRET = "secreto-recordatoris";
const logger = createLogger("silent");

describe.each(dbKinds)("the course reminder in the account's language on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /**
   * A buyer whose account is in `account`, enrolled by an order made in `order` in
   * an edition a month away of a course with Catalan title and hours.
   */
  async function enrolled(account: Locale, order: Locale) {
    const buyer = await insertBuyer(t.db, { prefix: `rec-${account}`, firstName: "Núria", lastName: "Puig" });
    await t.db.updateTable("users").set({ locale: account }).where("id", "=", buyer.id).execute();
    const courseId = `rec-${newId().slice(0, 8)}`;
    await insertCourse(t.db, courseId, "Formación de gel", 28000);
    await t.db.updateTable("courses").set({ title_ca: "Formació de gel" }).where("id", "=", courseId).execute();
    const startsOn = addDays(todayInMadrid(), 30);
    const endsOn = addDays(startsOn, 4);
    const editionId = `${courseId}-ed`;
    await insertEdition(t.db, {
      id: editionId,
      courseId,
      startsOn,
      endsOn,
      schedule: "Lunes y miércoles, 10:00–14:00",
    });
    await t.db
      .updateTable("course_editions")
      .set({ schedule_ca: "Dilluns i dimecres, de 10.00 a 14.00 h" })
      .where("id", "=", editionId)
      .execute();
    const line = { courseId, title: "Formación de gel", priceCents: 28000, editionId, startsOn, endsOn };
    const orderId = await insertOrder(t.db, { user: buyer, lines: [line], createdAt: new Date().toISOString() });
    await t.db.updateTable("orders").set({ locale: order }).where("id", "=", orderId).execute();
    expect((await payOrder(t.db, orderId)).outcome).toBe("paid");
    const { id: enrollmentId } = await t.db
      .selectFrom("enrollments")
      .select("id")
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    // The payment queued its reminder.
    const job = await t.db
      .selectFrom("jobs")
      .select("payload")
      .where("dedupe_key", "=", courseReminderKey(enrollmentId, startsOn))
      .executeTakeFirstOrThrow();
    return {
      ...buyer,
      courseId,
      orderId,
      startsOn,
      endsOn,
      payload: JSON.parse(job.payload) as Record<string, unknown>,
    };
  }

  /** The reminder as the outbox renders it when due; without a secret, no one-click link. */
  const render = async (payload: Record<string, unknown>, signed = true) => {
    const mail = await courseReminderTemplate.render(
      { db: t.db, publicUrl: PUBLIC_URL, logger, now: new Date(), unsubscribeSecret: signed ? SECRET : undefined },
      payload,
    );
    expect(mail).not.toBeNull();
    return mail!;
  };

  it("writes a Catalan account's reminder in Catalan, with the /ca/baixa/ one-click link", async () => {
    const b = await enrolled("ca", "es");
    const mail = await render(b.payload);
    const calendarUrl = `${PUBLIC_URL}/api/pedidos/${b.orderId}/calendario.ics?curso=${b.courseId}`;

    expect(mail.to).toBe(b.email);
    expect(mail.subject).toBe(
      elideCatalanDays(`Recordatori: «Formació de gel» comença el ${formatLongDate(b.startsOn, "ca")} · ${site.name}`),
    );
    const url = mail.listUnsubscribe?.url ?? "";
    expect(mail.listUnsubscribe).toEqual({ url, oneClick: true });
    expect(url.startsWith(`${PUBLIC_URL}/ca/baixa/`)).toBe(true);
    expect(checkUnsubscribeToken([SECRET], COURSE_REMINDERS_TOPIC, url.slice(url.lastIndexOf("/") + 1))).toBe(b.id);

    expect(mail.text).toContain(
      [
        "Hola, Núria:",
        "",
        "D’aquí a tres dies comença el teu curs «Formació de gel». T’esperem a l’acadèmia.",
        "",
        elideCatalanDays(`Dates: Del ${formatWeekdayDate(b.startsOn, "ca")} al ${formatWeekdayDate(b.endsOn, "ca")}`),
        "Horari: Dilluns i dimecres, de 10.00 a 14.00 h",
        `Adreça: ${site.address.full}`,
        `Com arribar-hi: ${site.maps.directions}`,
        `Afegeix-lo al meu calendari (.ics): ${calendarUrl}`,
        "",
        `Si no pots venir o tens qualsevol dubte, truca’ns al ${site.phone.display} o escriu-nos a ${site.email}.`,
        "",
        `Reps aquest correu perquè tens activats els recordatoris dels teus cursos; pots desactivar-los a El meu perfil › Configuració o des d’aquest enllaç: ${url}`,
      ].join("\n"),
    );
    expect(mail.text).toContain(elideCatalanDays(`El teu curs comença el ${formatLongDate(b.startsOn, "ca")}`));
    expect(mail.html).toContain('<html lang="ca">');
    expect(mail.html).toContain(
      elideCatalanDays(
        `Formació de gel: del ${formatWeekdayDate(b.startsOn, "ca")} al ${formatWeekdayDate(b.endsOn, "ca")}, a `,
      ),
    );
    expect(mail.html).toContain("Afegeix-lo al meu calendari</a>");
    expect(mail.html).toContain(">Com arribar-hi</a>");
    expect(mail.html).toContain(
      `o des d’aquest enllaç: <a href="${url}" style="color:#6B5A62">Deixa de rebre recordatoris</a>.`,
    );
    // Not a Spanish word left (nor the Spanish title or hours).
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(
      /Recordatorio|Fechas|Horario|Dirección|Añadir|Cómo llegar|desde este enlace|Formación de gel|Lunes|enero|febrero|diciembre/u,
    );

    // Without a secret to sign the link: the settings page, in her language once it has one.
    const plain = await render(b.payload, false);
    expect(plain.listUnsubscribe).toEqual({ url: `${PUBLIC_URL}${localHref("ca", "/perfil/ajustes")}` });
    expect(plain.text).toContain("pots desactivar-los a El meu perfil › Configuració.\n");
    expect(plain.text).not.toContain("/baixa/");
  });

  it("keeps a Spanish account's reminder exactly as it was, also for an order made in Catalan", async () => {
    const b = await enrolled("es", "ca");
    const mail = await render(b.payload);
    const url = mail.listUnsubscribe?.url ?? "";
    const start = formatLongDate(b.startsOn);
    const dates = `Del ${formatWeekdayDate(b.startsOn)} al ${formatWeekdayDate(b.endsOn)}`;
    const calendarUrl = `${PUBLIC_URL}/api/pedidos/${b.orderId}/calendario.ics?curso=${b.courseId}`;
    const optOut =
      "Recibes este correo porque tienes activados los recordatorios de tus cursos; puedes desactivarlos en Mi perfil › Configuración";

    expect(mail.subject).toBe(`Recordatorio: «Formación de gel» empieza el ${start} · ${site.name}`);
    expect(mail.listUnsubscribe).toEqual({ url, oneClick: true });
    expect(url.startsWith(`${PUBLIC_URL}/baja/`)).toBe(true);
    expect(mail.text).toContain(
      [
        `Tu curso empieza el ${start}`,
        "",
        "Hola, Núria:",
        "",
        "En tres días empieza tu curso «Formación de gel». Te esperamos en la academia.",
        "",
        `Fechas: ${dates}`,
        "Horario: Lunes y miércoles, 10:00–14:00",
        `Dirección: ${site.address.full}`,
        `Cómo llegar: ${site.maps.directions}`,
        `Añadir a mi calendario (.ics): ${calendarUrl}`,
        "",
        `Si no puedes venir o tienes cualquier duda, llámanos al ${site.phone.display} o escríbenos a ${site.email}.`,
        "",
        `${optOut} o desde este enlace: ${url}`,
      ].join("\n"),
    );
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain(`Formación de gel: ${dates.toLowerCase()}, en ${site.address.full}.`);
    expect(mail.html).toContain(
      `${optOut} o desde este enlace: <a href="${url}" style="color:#6B5A62">Dejar de recibir recordatorios</a>.`,
    );
    expect(mail.html).toContain(">Cómo llegar</a>");
    expect(mail.html).toContain("Añadir a mi calendario</a>");
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/Formació de gel|Dilluns|Recordatori:|baixa/u);

    const plain = await render(b.payload, false);
    expect(plain.listUnsubscribe).toEqual({ url: `${PUBLIC_URL}/perfil/ajustes` });
    expect(plain.text).toContain(`${optOut}.\n`);
  });
});
