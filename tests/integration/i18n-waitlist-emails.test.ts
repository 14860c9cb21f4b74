/**
 * The waiting list's two emails in the entry's language (waitlist_entries.locale,
 * the page she joined on; issue 34), on SQLite and PostgreSQL: for an entry made
 * in Catalan, the address confirmation (link to /ca/llista-espera/confirmar/<token>,
 * which confirms it) and the seat offer (link to /ca/formacions/<course>) are in
 * Catalan, with the course's Catalan title and Catalan dates; a Spanish entry's
 * read as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/content/site.ts";
import { inTransaction } from "~/db/db.server.ts";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { formatLongDate } from "~/domain/pricing.ts";
import type { Locale } from "~/i18n/locales.ts";
import { createLogger } from "~/lib/logger.server.ts";
import type { MailMessage } from "~/mail/mailer.server.ts";
import { confirmByToken, waitlistConfirmTemplate } from "~/waitlist/confirmation.server.ts";
import { waitlistOfferTemplate } from "~/waitlist/offer-email.server.ts";
import { CONFIRM_TTL_MS, joinWaitlist, offerFreedSeats } from "~/waitlist/waitlist.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertCourseWithEditions } from "../helpers/seats.ts";
import { elideCatalanDays } from "~/i18n/catalan-elision.ts";

const PUBLIC_URL = "http://localhost:3000";
const STARTS_ON = "2030-09-02";
const TITLE_CA = "Formació de places";
const all = (m: MailMessage) => `${m.subject}\n${m.text}\n${m.html}`;

describe.each(dbKinds)("the waiting-list emails in the entry's language on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const ctx = () => ({ db: t.db, publicUrl: PUBLIC_URL, logger: createLogger("silent"), now: new Date() });

  /**
   * Someone joins a full edition (of a course with a Catalan title) from a page in
   * `locale`: her confirmation email; then, once she confirms from its link and a
   * seat frees, her offer.
   */
  async function journey(locale: Locale, email: string) {
    const { courseId, editionIds } = await insertCourseWithEditions(t.db, [{ startsOn: STARTS_ON, seats: 1 }]);
    const editionId = editionIds[0]!;
    await t.db.updateTable("courses").set({ title_ca: TITLE_CA }).where("id", "=", courseId).execute();
    await t.db.updateTable("course_editions").set({ seats_taken: 1 }).where("id", "=", editionId).execute();
    const title = (
      await t.db.selectFrom("courses").select("title").where("id", "=", courseId).executeTakeFirstOrThrow()
    ).title;
    const joinedAt = new Date().toISOString();
    expect(await joinWaitlist(t.db, { editionId, email, userId: null, nowIso: joinedAt, locale })).toBe("pending");
    const entry = await t.db
      .selectFrom("waitlist_entries")
      .select(["id", "created_at"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();

    const confirmation = (await waitlistConfirmTemplate.render(ctx(), { entryId: entry.id }))!;
    expect(confirmation).not.toBeNull();
    const link = /(http:\/\/localhost:3000\/\S*confirmar\/([A-Za-z0-9_-]{43}))/u.exec(confirmation.text ?? "");
    expect(link, "confirmation link").not.toBeNull();
    expect(await confirmByToken(t.db, link![2]!)).toMatchObject({ state: "confirmed" });

    // A seat frees: the confirmed entry is offered it.
    await t.db.updateTable("course_editions").set({ seats_taken: 0 }).where("id", "=", editionId).execute();
    await inTransaction(t.db, (trx) => offerFreedSeats(trx, [editionId], new Date().toISOString()));
    const offered = await t.db
      .selectFrom("waitlist_entries")
      .select(["status", "offer_expires_at"])
      .where("id", "=", entry.id)
      .executeTakeFirstOrThrow();
    expect(offered.status).toBe("offered");
    const offer = (await waitlistOfferTemplate.render(ctx(), { entryId: entry.id }))!;
    expect(offer).not.toBeNull();
    return {
      courseId,
      title,
      confirmation,
      confirmUrl: link![1]!,
      confirmUntil: new Date(Date.parse(entry.created_at) + CONFIRM_TTL_MS),
      offer,
      offerUntil: new Date(offered.offer_expires_at!),
    };
  }

  it("writes a Catalan entry's confirmation and offer in Catalan, with Catalan links", async () => {
    const email = `llista.${kind}@example.com`;
    const j = await journey("ca", email);
    const what = elideCatalanDays(`«${TITLE_CA}», convocatòria del ${formatLongDate(STARTS_ON, "ca")}`);

    const c = j.confirmation;
    const confirmUntil = madridDateTimeText(j.confirmUntil, "ca");
    expect(c.to).toBe(email);
    expect(c.subject).toBe(`Confirma el correu per a la llista d’espera: ${TITLE_CA} · ${site.name}`);
    expect(j.confirmUrl).toMatch(/^http:\/\/localhost:3000\/ca\/llista-espera\/confirmar\/[A-Za-z0-9_-]{43}$/u);
    expect(c.text).toContain(
      [
        "Confirma el correu per a la llista d’espera",
        "",
        "Hola:",
        "",
        `Algú (segurament tu) ha demanat que t’avisem en aquesta adreça de correu si queda una plaça a ${what}.`,
        "",
        elideCatalanDays(
          `Per entrar a la llista d’espera, confirma l’adreça abans del ${confirmUntil} (48 hores). L’enllaç només serveix una vegada.`,
        ),
        "",
        `Confirma l’adreça: ${j.confirmUrl}`,
        "",
        "Si no ho has demanat tu, no facis res: si no el confirmes, esborrarem el teu correu de la llista.",
      ].join("\n"),
    );
    expect(c.html).toContain('<html lang="ca">');
    expect(c.html).toContain(
      elideCatalanDays(`Confirma l’adreça abans del ${confirmUntil} per entrar a la llista d’espera.`),
    );
    expect(c.html).toContain(`<a href="${j.confirmUrl}"`);
    expect(c.html).toContain("Confirma el meu correu</a>");
    expect(c.html).toContain("Si el botó no funciona, copia aquest enllaç al navegador:");

    const o = j.offer;
    const offerUntil = madridDateTimeText(j.offerUntil, "ca");
    const courseUrl = `${PUBLIC_URL}/ca/formacions/${j.courseId}`;
    expect(o.to).toBe(email);
    expect(o.subject).toBe(`S’ha alliberat una plaça: ${TITLE_CA} · ${site.name}`);
    expect(o.text).toContain(
      [
        "S’ha alliberat una plaça",
        "",
        "Hola:",
        "",
        elideCatalanDays(`S’ha alliberat una plaça a ${what} i te la guardem fins al ${offerUntil}.`),
        "",
        `Per reservar-la, inicia la sessió (o crea el teu compte) amb aquest mateix correu, ${email}, tria aquesta data i completa el pagament abans d’aquesta hora. Després, la plaça passarà a la persona següent de la llista.`,
        `Reserva la plaça: ${courseUrl}`,
        "",
        "Amb aquest avís hem fet servir el teu correu per a allò que ens vas demanar; no el farem servir per a res més.",
      ].join("\n"),
    );
    expect(o.html).toContain('<html lang="ca">');
    expect(o.html).toContain(elideCatalanDays(`Et guardem la plaça fins al ${offerUntil}.`));
    expect(o.html).toContain(`<a href="${courseUrl}"`);
    expect(o.html).toContain("Reserva la meva plaça</a>");

    // Not a Spanish word (nor the Spanish title, nor a Spanish address) in either.
    for (const mail of [c, o]) {
      expect(all(mail)).not.toMatch(
        /Confirma tu|lista de espera|\bplaza\b|convocatoria|Reservar|Si el botón|septiembre|\/lista-espera\/|\/formaciones\//u,
      );
      expect(all(mail)).not.toContain(j.title);
    }
  });

  it("keeps a Spanish entry's confirmation and offer as they were", async () => {
    const email = `espera.${kind}@example.com`;
    const j = await journey("es", email);
    const what = `«${j.title}», convocatoria del ${formatLongDate(STARTS_ON)}`;

    const c = j.confirmation;
    const confirmUntil = madridDateTimeText(j.confirmUntil);
    expect(c.subject).toBe(`Confirma tu correo para la lista de espera: ${j.title} · ${site.name}`);
    expect(j.confirmUrl).toMatch(/^http:\/\/localhost:3000\/lista-espera\/confirmar\/[A-Za-z0-9_-]{43}$/u);
    expect(c.text).toContain(
      [
        "Hola:",
        "",
        `Alguien (seguramente tú) ha pedido que te avisemos en este correo si queda una plaza en ${what}.`,
        "",
        `Para entrar en la lista de espera, confirma tu dirección antes del ${confirmUntil} (48 horas). El enlace solo sirve una vez.`,
        "",
        `Confirmar: ${j.confirmUrl}`,
        "",
        "Si no lo has pedido tú, no hagas nada: sin confirmar, borraremos tu correo de la lista.",
      ].join("\n"),
    );
    expect(c.html).toContain('<html lang="es">');
    expect(c.html).toContain("Confirmar mi correo</a>");
    expect(c.html).toContain("Si el botón no funciona, copia este enlace en tu navegador:");

    const o = j.offer;
    const offerUntil = madridDateTimeText(j.offerUntil);
    const courseUrl = `${PUBLIC_URL}/formaciones/${j.courseId}`;
    expect(o.subject).toBe(`Se ha liberado una plaza: ${j.title} · ${site.name}`);
    expect(o.text).toContain(
      [
        "Hola:",
        "",
        `Se ha liberado una plaza en ${what} y te la guardamos hasta el ${offerUntil}.`,
        "",
        `Para reservarla, inicia sesión (o crea tu cuenta) con este mismo correo, ${email}, elige esa fecha y completa el pago antes de esa hora. Después la plaza pasará a la siguiente persona de la lista.`,
        `Reservar: ${courseUrl}`,
        "",
        "Con este aviso hemos usado tu correo para lo que nos pediste; no lo usaremos para nada más.",
      ].join("\n"),
    );
    expect(o.html).toContain('<html lang="es">');
    expect(o.html).toContain(`Te guardamos la plaza hasta el ${offerUntil}.`);
    expect(o.html).toContain("Reservar mi plaza</a>");
    for (const mail of [c, o]) {
      expect(all(mail)).not.toContain(TITLE_CA);
      expect(all(mail)).not.toMatch(/plaça|convocatòria|\/ca\//u);
    }
  });
});
