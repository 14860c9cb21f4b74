/**
 * The course reminder's one-click unsubscribe (RFC 8058) over HTTP against the
 * production build (`npm run build` first, or BUILD_DIR), on SQLite and
 * PostgreSQL: the link of a rendered reminder, POSTed the way a mail provider
 * does (`List-Unsubscribe=One-Click`, no cookie, no Origin), turns the
 * reminders off and the next reminder is not sent; opening the link changes
 * nothing; a tampered or foreign token gets the same 404. PORT_BASE confines
 * the servers to a range of ports (a free one otherwise).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSettingsRecord, saveSettings } from "~/auth/user-settings.server.ts";
import { todayInMadrid } from "~/catalogue/queries.server.ts";
import { addDays } from "~/domain/calendar-dates.ts";
import { newId } from "~/lib/ids.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { COURSE_REMINDERS_TOPIC, makeUnsubscribeToken } from "~/mail/unsubscribe-token.ts";
import { courseReminderTemplate } from "~/orders/reminders.server.ts";
import { createTestDb, dbKinds, type TestDb } from "../helpers/db.ts";
import { insertBuyer } from "../helpers/payments.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

const SECRET = "secreto-de-prueba-baja";
const logger = createLogger("silent");

describe.each(dbKinds)("one-click unsubscribe over HTTP on %s", (kind) => {
  let t: TestDb;
  let srv: RunningServer;

  beforeAll(async () => {
    t = await createTestDb(kind);
    const base = process.env.PORT_BASE ? Number(process.env.PORT_BASE) + dbKinds.indexOf(kind) : null;
    srv = await startServer(
      {
        DATABASE_URL: t.url,
        // The old secret first, then the one the reminder signs with: a rotation keeps the links working.
        SESSION_SECRET: `secreto-nuevo-baja,${SECRET}`,
        LOG_LEVEL: "info",
        ...(base ? { PORT: String(base) } : {}),
      },
      { seed: false },
    );
  }, 60_000);
  afterAll(async () => {
    await srv?.stop();
    await t?.cleanup();
  });

  /** A buyer (newsletter on) enrolled in an edition a month away; its reminder's payload. */
  async function enrolledBuyer() {
    const buyer = await insertBuyer(t.db, { prefix: "baja", firstName: "Lucía", lastName: "Gómez" });
    await saveSettings(t.db, buyer.id, { courseEmails: true, newsletter: true });
    const startsOn = addDays(todayInMadrid(), 30);
    const editionId = `baja-${newId().slice(0, 8)}`;
    const at = new Date().toISOString();
    await t.db
      .insertInto("course_editions")
      .values({
        id: editionId,
        course_id: "formacion-inicio",
        starts_on: startsOn,
        ends_on: addDays(startsOn, 4),
        seats: 15,
        seats_taken: 1,
        status: "open",
        schedule: "Lunes y miércoles, 10:00–14:00",
        updated_at: null,
        cancelled_at: null,
      })
      .execute();
    const orderId = newId();
    await t.db
      .insertInto("orders")
      .values({
        id: orderId,
        user_id: buyer.id,
        email: buyer.email,
        status: "paid",
        total_cents: 28000,
        currency: "eur",
        payment_method: "card",
        provider: "demo",
        provider_session_id: null,
        withdrawal_waiver_at: null,
        created_at: at,
        updated_at: at,
        paid_at: at,
        checkout_key: null,
      })
      .execute();
    const enrollmentId = newId();
    await t.db
      .insertInto("enrollments")
      .values({
        id: enrollmentId,
        user_id: buyer.id,
        course_id: "formacion-inicio",
        order_id: orderId,
        edition_id: editionId,
        enrolled_at: at,
        access_until: addDays(startsOn, 365),
        ended_at: null,
        end_reason: null,
      })
      .execute();
    return { ...buyer, payload: { enrollmentId, startsOn } };
  }

  /** The reminder as the outbox renders it now (null: not sent). */
  const renderReminder = (payload: Record<string, unknown>) =>
    courseReminderTemplate.render(
      { db: t.db, publicUrl: srv.url, logger, now: new Date(), unsubscribeSecret: SECRET },
      payload,
    );

  const oneClick = (url: string) =>
    fetch(url, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
  const settingsOf = async (userId: string) => (await getSettingsRecord(t.db, userId)).settings;

  it("turns the reminders off with the mail provider's one-click POST, keeping the other settings", async () => {
    const buyer = await enrolledBuyer();
    const mail = await renderReminder(buyer.payload);
    const url = mail?.listUnsubscribe?.url ?? "";
    expect(mail?.listUnsubscribe).toEqual({ url, oneClick: true });
    expect(url.startsWith(`${srv.url}/baja/`)).toBe(true);
    expect(mail?.text).toContain(url);

    // Opening the link (a person, or a scanner that follows links) only asks.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const asked = await page.text();
    expect(asked).toContain("¿Dejar de recibir los recordatorios de tus cursos?");
    expect(asked).toContain("Dejar de recibir recordatorios");
    expect(asked).toMatch(/<meta name="robots" content="noindex/);
    expect(asked).not.toContain(buyer.email);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(await settingsOf(buyer.id)).toEqual({ courseEmails: true, newsletter: true });

    const res = await oneClick(url);
    expect(res.status).toBe(200);
    const done = await res.text();
    expect(done).toContain("Listo: no te enviaremos más recordatorios de cursos.");
    expect(done).toContain('href="/perfil/ajustes"');
    expect(await settingsOf(buyer.id)).toEqual({ courseEmails: false, newsletter: true });
    expect(await renderReminder(buyer.payload)).toBeNull();

    // Twice: the same answer, the same settings.
    const again = await oneClick(url);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Listo: no te enviaremos más recordatorios de cursos.");
    expect(await settingsOf(buyer.id)).toEqual({ courseEmails: false, newsletter: true });

    // The request log names the route, never the token.
    const token = url.slice(url.lastIndexOf("/") + 1);
    expect(srv.output()).toContain("/baja/[redacted]");
    expect(srv.output()).not.toContain(token);
  });

  it("gives a Catalan account the Catalan link, /ca/baixa/<token>, which works the same in Catalan", async () => {
    const buyer = await enrolledBuyer();
    await t.db.updateTable("users").set({ locale: "ca" }).where("id", "=", buyer.id).execute();
    const mail = await renderReminder(buyer.payload);
    const url = mail?.listUnsubscribe?.url ?? "";
    expect(mail?.listUnsubscribe).toEqual({ url, oneClick: true });
    expect(url.startsWith(`${srv.url}/ca/baixa/`)).toBe(true);
    expect(mail?.text).toContain(`o des d’aquest enllaç: ${url}`);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const asked = await page.text();
    expect(asked).toContain('<html lang="ca"');
    expect(asked).toContain("Vols deixar de rebre els recordatoris dels teus cursos?");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(await settingsOf(buyer.id)).toEqual({ courseEmails: true, newsletter: true });

    const res = await oneClick(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Fet: no t’enviarem més recordatoris de cursos.");
    expect(await settingsOf(buyer.id)).toEqual({ courseEmails: false, newsletter: true });
    expect(await renderReminder(buyer.payload)).toBeNull();
    expect(srv.output()).not.toContain(url.slice(url.lastIndexOf("/") + 1));
  });

  it("answers the same 404 to a tampered, foreign or unknown account's token, changing nothing", async () => {
    const buyer = await enrolledBuyer();
    const url = (await renderReminder(buyer.payload))?.listUnsubscribe?.url ?? "";
    const token = url.slice(url.lastIndexOf("/") + 1);
    const flipped = token.slice(0, -3) + (token.at(-3) === "A" ? "B" : "A") + token.slice(-2);
    for (const bad of [
      flipped,
      makeUnsubscribeToken("otro-secreto", COURSE_REMINDERS_TOPIC, buyer.id),
      makeUnsubscribeToken(SECRET, "newsletter", buyer.id),
      makeUnsubscribeToken(SECRET, COURSE_REMINDERS_TOPIC, newId()),
      "no-es-un-token",
    ]) {
      for (const res of [await fetch(`${srv.url}/baja/${bad}`), await oneClick(`${srv.url}/baja/${bad}`)]) {
        expect(res.status, bad).toBe(404);
        const html = await res.text();
        expect(html).toContain("Este enlace para darte de baja no es válido.");
        expect(html).not.toContain("Listo:");
      }
    }
    expect(await settingsOf(buyer.id)).toEqual({ courseEmails: true, newsletter: true });
    expect(await renderReminder(buyer.payload)).not.toBeNull();
  });
});
