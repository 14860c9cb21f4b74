/**
 * The checkout's, the payment outcome's and the waiting list's pieces in
 * Catalan (issue 34), against the production build (`npm run build` first, or
 * BUILD_DIR): the Catalan checkout with an edition chosen and the Catalan
 * success page of a paid demo order leave no Spanish word of the interface in
 * <main>; the billing fields' errors answer in the page's language; a full
 * edition's waiting-list form on /ca/formacions/<id> reads Catalan, answers in
 * Catalan and keeps the entry's language.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession, SESSION_COOKIE } from "~/auth/session.server.ts";
import { createDb, type Db } from "~/db/db.server.ts";
import { catalogue } from "~/i18n/catalogue.server.ts";
import { newId } from "~/lib/ids.server.ts";
import { TEST_BILLING_FORM } from "../helpers/invoices.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

/** 650 €: above 400 € the billing details are required. */
const COURSE = "tecnico-manicurista";
/** Its first edition is made full for the waiting list. */
const FULL_COURSE = "expert-nails";

let srv: RunningServer;
let db: Db;
let dataDir: string;
let cookie: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "an-i18n-checkout-"));
  // No Stripe key: the demo gateway.
  srv = await startServer({ DATA_DIR: dataDir, ...(process.env.PORT_BASE ? { PORT: process.env.PORT_BASE } : {}) });
  db = createDb(`file:${path.join(dataDir, "salon.db")}`);
  const userId = newId();
  await db
    .insertInto("users")
    .values({
      id: userId,
      email: `pagament-${userId.slice(0, 8)}@example.com`,
      password_hash: null,
      google_sub: null,
      display_name: "Núria Puig",
      first_name: "Núria",
      last_name: "Puig",
      phone: "",
      created_at: new Date().toISOString(),
      last_login_at: null,
    })
    .execute();
  cookie = `${SESSION_COOKIE}=${encodeURIComponent(await insertSession(db, userId))}`;
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await srv?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const get = (pathname: string, signedIn = false) =>
  fetch(`${srv.url}${pathname}`, { redirect: "manual", headers: signedIn ? { Cookie: cookie } : {} });
const post = (pathname: string, fields: Record<string, string>, signedIn = true) =>
  fetch(`${srv.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...(signedIn ? { Cookie: cookie } : {}),
      Origin: srv.url,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });

async function page(pathname: string, signedIn = false) {
  const res = await get(pathname, signedIn);
  expect(res.status, pathname).toBe(200);
  return res.text();
}

/** The text a person reads in <main>: tags out, entities decoded, spaces collapsed. */
function mainText(html: string): string {
  const main = /<main\b[\s\S]*?<\/main>/u.exec(html)?.[0] ?? "";
  return main
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gu, " ")
    .replace(/<[^>]+>/gu, " ")
    .replace(/&#x27;|&#39;/gu, "'")
    .replace(/&quot;/gu, '"')
    .replace(/&lt;/gu, "<")
    .replace(/&gt;/gu, ">")
    .replace(/&amp;/gu, "&")
    .replace(/\s+/gu, " ");
}

const es = catalogue("es") as Record<string, string>;
const ca = catalogue("ca") as Record<string, string>;

/**
 * The Spanish interface texts found in a Catalan page's text: every plain
 * Spanish message of these namespaces that Catalan writes otherwise, and the
 * words the shared order pieces used to hard-code. Course texts (a course
 * without Catalan texts keeps its Spanish title) are the data's, not looked at.
 */
function spanishIn(text: string, namespaces: readonly string[]): string[] {
  const messages = Object.entries(es)
    .filter(([key, message]) => namespaces.some((ns) => key.startsWith(`${ns}.`)) && message !== ca[key])
    .map(([, message]) => message)
    .filter((message) => !/[{}<>]/u.test(message) && message.trim().split(/\s+/u).length >= 2);
  const words = [
    /\bConvocatoria\b/u,
    /\bHorario\b/u,
    /\bLugar\b/u,
    /Cambiar fecha/u,
    /Fecha por confirmar/u,
    /\bPrecio\b/u,
    /\bCompletado\b/u,
    /\bPendiente\b/u,
    /sin cobro/u,
    /\bReembolsado\b/u,
  ];
  return [...messages.filter((m) => text.includes(m)), ...words.filter((w) => w.test(text)).map(String)];
}

const firstEdition = async (courseId: string) =>
  db
    .selectFrom("course_editions")
    .select(["id", "starts_on", "seats"])
    .where("course_id", "=", courseId)
    .orderBy("starts_on")
    .executeTakeFirstOrThrow();

describe("the checkout's and the outcome's pieces in Catalan", () => {
  it("/ca/pagament with an edition chosen shows the edition, its place and its link in Catalan", async () => {
    const edition = await firstEdition(COURSE);
    const html = await page(`/ca/pagament/${COURSE}?convocatoria=${edition.id}`, true);
    const text = mainText(html);
    for (const shown of ["Convocatòria", "Horari", "Lloc", "Canvia la data", "del curs", "Finalitza la compra"])
      expect(text).toContain(shown);
    expect(html).toContain(`href="/ca/formacions/${COURSE}#convocatorias"`);
    expect(text).toMatch(/\d+ de [a-zç]+ de \d{4}/u);
    expect(spanishIn(text, ["common", "checkout", "orders"]), text).toEqual([]);
  });

  it("the Catalan success page of a paid demo order has no Spanish in <main>", async () => {
    const edition = await firstEdition(COURSE);
    const started = await post(`/ca/pagament/${COURSE}`, {
      method: "card",
      edition: edition.id,
      terms: "on",
      waiver: "on",
      ...(TEST_BILLING_FORM as Record<string, string>),
    });
    expect(started.status).toBe(302);
    const demoPage = started.headers.get("location")!;
    const paid = await post(demoPage, { intent: "pay" });
    expect(paid.status).toBe(302);
    const success = paid.headers.get("location")!;
    expect(success).toMatch(/^\/ca\/compra-completada\?session_id=/u);

    const text = mainText(await page(success, true));
    for (const shown of [
      "Pagament fet!",
      "Curs",
      "Convocatòria",
      "Preu",
      "Total",
      "Completada",
      "Demo · sense cobrament",
    ])
      expect(text).toContain(shown);
    expect(text).toMatch(/\d+ de [a-zç]+ de \d{4} – \d+ de [a-zç]+ de \d{4}/u);
    expect(spanishIn(text, ["common", "checkout", "orders"]), text).toEqual([]);

    // The same order on the Spanish page reads as it always did.
    const spanish = mainText(await page(success.replace("/ca/compra-completada", "/success"), true));
    for (const shown of ["¡Pago realizado!", "Curso", "Convocatoria", "Precio", "Completado", "Demo · sin cobro"])
      expect(spanish).toContain(shown);
  });

  it("a wrong NIF is refused in the page's language", async () => {
    const billing = { ...(TEST_BILLING_FORM as Record<string, string>), billingTaxId: "12345678A" };
    const fields = { method: "card", terms: "on", waiver: "on", ...billing };
    const catalan = await post(`/ca/pagament/${COURSE}`, fields);
    expect(catalan.status).toBe(400);
    const caText = mainText(await catalan.text());
    expect(caText).toContain("La lletra o el dígit de control del NIF, NIE o CIF no és correcte. Revisa’l.");
    expect(caText).not.toContain("Revísalo");

    const spanish = await post(`/checkout/${COURSE}`, fields);
    expect(spanish.status).toBe(400);
    const esText = mainText(await spanish.text());
    expect(esText).toContain("La letra o el dígito de control del NIF, NIE o CIF no es correcto. Revísalo.");
    expect(esText).not.toContain("Revisa’l");

    // Nothing filled in: each field says so in Catalan.
    const empty = await post(`/ca/pagament/${COURSE}`, { method: "card", terms: "on", waiver: "on" });
    expect(empty.status).toBe(400);
    const emptyText = mainText(await empty.text());
    for (const shown of ["Escriu el teu NIF, NIE o CIF.", "Escriu el codi postal.", "Escriu la població."])
      expect(emptyText).toContain(shown);
  });
});

describe("the waiting list of a full edition in Catalan", () => {
  it("/ca/formacions/<id> offers the form in Catalan, answers in Catalan and keeps the entry's language", async () => {
    const edition = await firstEdition(FULL_COURSE);
    await db.updateTable("course_editions").set({ seats_taken: edition.seats }).where("id", "=", edition.id).execute();

    const html = await page(`/ca/formacions/${FULL_COURSE}`);
    const text = mainText(html);
    expect(html).toContain(`name="edition" value="${edition.id}"`);
    for (const shown of ["Avisa’m si queda una plaça", "Correu electrònic", "Complet"]) expect(text).toContain(shown);
    expect(spanishIn(text, ["common", "catalogue", "orders"]), text).toEqual([]);

    // Without the consent: refused in Catalan.
    const email = `llista-${newId().slice(0, 8)}@example.com`;
    const refused = await post(`/ca/formacions/${FULL_COURSE}`, { edition: edition.id, email }, false);
    expect(refused.status).toBe(400);
    const refusedText = mainText(await refused.text());
    expect(refusedText).toContain("Marca la casella perquè et puguem avisar per correu.");
    expect(spanishIn(refusedText, ["common", "catalogue", "orders"]), refusedText).toEqual([]);

    const joined = await post(`/ca/formacions/${FULL_COURSE}`, { edition: edition.id, email, consent: "on" }, false);
    expect(joined.status).toBe(200);
    const joinedText = mainText(await joined.text());
    expect(joinedText).toContain("Gairebé hi som: t’hem enviat un correu amb un enllaç per confirmar la teva adreça.");
    expect(joinedText).toContain("les properes 48 hores");
    expect(spanishIn(joinedText, ["common", "catalogue", "orders"]), joinedText).toEqual([]);

    const entry = await db
      .selectFrom("waitlist_entries")
      .select(["locale", "status"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ locale: "ca", status: "pending" });

    // The Spanish page's sign-up answers in Spanish and keeps Spanish.
    const other = `lista-${newId().slice(0, 8)}@example.com`;
    const spanish = await post(
      `/formaciones/${FULL_COURSE}`,
      { edition: edition.id, email: other, consent: "on" },
      false,
    );
    expect(mainText(await spanish.text())).toContain("Casi está: te hemos enviado un correo");
    expect(
      await db.selectFrom("waitlist_entries").select("locale").where("email", "=", other).executeTakeFirstOrThrow(),
    ).toEqual({ locale: "es" });
  });
});
