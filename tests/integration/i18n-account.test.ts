/**
 * The account area in Catalan (issue 34), against the production build (`npm
 * run build` first, or BUILD_DIR): a signed-in customer with a purchase (made
 * on the Catalan checkout, demo gateway) and an appointment (booked on the
 * Catalan booking page) sees each /ca/perfil section, her appointment, Els
 * meus cursos and the withdrawal page in Catalan, with the alternates and the
 * switcher leading back to the Spanish page; the forms answer in Catalan and
 * stay on Catalan addresses; a signed-out visitor of a Catalan private page is
 * sent to the Catalan sign-in, of a Spanish one to /login. PORT_BASE confines
 * the server to a port.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/auth/password.server.ts";
import { insertSession, SESSION_COOKIE } from "~/auth/session.server.ts";
import { withdrawalForm } from "~/content/withdrawal-form.ts";
import { createDb, type Db } from "~/db/db.server.ts";
import { addDays, madridDate } from "~/domain/calendar-dates.ts";
import { newId } from "~/lib/ids.server.ts";
import { TEST_BILLING_FORM } from "../helpers/invoices.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

const COURSE = "tecnico-manicurista";
let srv: RunningServer;
let db: Db;
let dataDir: string;
let cookie: string;
let orderId: string;
let appointmentId: string;

const get = (pathname: string, signedIn = true) =>
  fetch(`${srv.url}${pathname}`, { redirect: "manual", headers: signedIn ? { Cookie: cookie } : {} });
const post = (pathname: string, fields: Record<string, string>) =>
  fetch(`${srv.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: srv.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

async function page(pathname: string): Promise<string> {
  const res = await get(pathname);
  expect(res.status, pathname).toBe(200);
  return res.text();
}

/** What a reader reads inside <main>: tags dropped, the entities she would see decoded. */
function mainText(html: string): string {
  const main = /<main[^>]*>([\s\S]*?)<\/main>/u.exec(html)?.[1] ?? "";
  return main
    .replace(/<script[\s\S]*?<\/script>/gu, " ")
    .replace(/<[^>]+>/gu, " ")
    .replace(/&#x27;|&#39;/gu, "'")
    .replace(/&amp;/gu, "&")
    .replace(/&nbsp;|\u00a0/gu, " ")
    .replace(/\s+/gu, " ");
}

/**
 * Words of Spanish sentences that Catalan never writes (course and service
 * names, the salon's data and the words both languages share left out).
 */
const SPANISH = new RegExp(
  `(?<!\\p{L})(${[
    "Mi",
    "Mis",
    "Tus?",
    "tus",
    "Guardar",
    "Cambiar",
    "Ver",
    "Volver",
    "Pedido",
    "pedido",
    "Fecha",
    "Estado",
    "Importe",
    "Datos",
    "datos",
    "Configuración",
    "contraseña",
    "Contraseña",
    "correo",
    "Correo",
    "citas",
    "Citas",
    "compras",
    "Eliminar",
    "Descargar",
    "Cancelar",
    "Apellidos",
    "Teléfono",
    "Acceso",
    "Lugar",
    "Duración",
    "Hasta",
    "Terminó",
    "Empieza",
    "Añadir",
    "cuenta",
    "Cuenta",
    "enero",
    "febrero",
    "marzo",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "noviembre",
    "diciembre",
    "lunes",
    "martes",
    "miércoles",
    "jueves",
    "viernes",
    "sábado",
    "domingo",
  ].join("|")})(?!\\p{L})|[¿¡]`,
  "u",
);

function expectCatalan(html: string, pathname: string) {
  expect(html, pathname).toMatch(/<html[^>]*lang="ca"/u);
  const text = mainText(html);
  expect(text.length, pathname).toBeGreaterThan(40);
  expect(SPANISH.exec(text)?.[0], `${pathname}: ${text}`).toBeUndefined();
}

/** The `<link rel="alternate" hreflang>` tags of a page, as hreflang → path. */
function alternates(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const tag of html.match(/<link[^>]*rel="alternate"[^>]*>/gu) ?? []) {
    const lang = /hrefLang="([^"]+)"/iu.exec(tag);
    const href = /href="([^"]+)"/u.exec(tag);
    if (lang && href) found[lang[1]!] = new URL(href[1]!).pathname;
  }
  return found;
}

/** The language switcher's link (to the other language), as path and query. */
function switcher(html: string): string | undefined {
  const tag =
    /<a[^>]*class="language-switcher"[^>]*>/u.exec(html)?.[0] ?? /<a[^>]*hrefLang="es"[^>]*>/u.exec(html)?.[0];
  return tag ? /href="([^"]+)"/u.exec(tag)?.[1]?.replaceAll("&amp;", "&") : undefined;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "an-i18n-account-"));
  // No Stripe key: the demo gateway, which pays for a visitor on this machine.
  srv = await startServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...(process.env.PORT_BASE ? { PORT: process.env.PORT_BASE } : {}),
  });
  db = createDb(`file:${path.join(dataDir, "salon.db")}`);
  const userId = newId();
  const now = new Date().toISOString();
  await db
    .insertInto("users")
    .values({
      id: userId,
      email: `compte-${userId.slice(0, 8)}@example.com`,
      password_hash: await hashPassword("una-contrasenya-llarga"),
      google_sub: null,
      display_name: "Núria Puig",
      first_name: "Núria",
      last_name: "Puig",
      phone: "612345678",
      created_at: now,
      last_login_at: now,
      email_verified_at: now,
    })
    .execute();
  cookie = `${SESSION_COOKIE}=${encodeURIComponent(await insertSession(db, userId))}`;
  // The course's duration in Catalan, as Gestión lets the salon write it.
  await db.updateTable("courses").set({ duration_ca: "40 hores" }).where("id", "=", COURSE).execute();

  // A purchase on the Catalan checkout, paid through the demo gateway.
  const checkout = await page(`/ca/pagament/${COURSE}`);
  const edition = /<input type="hidden" name="edition" value="([^"]+)"/u.exec(checkout)?.[1];
  const started = await post(`/ca/pagament/${COURSE}`, {
    method: "card",
    edition: edition!,
    terms: "on",
    waiver: "on",
    ...(TEST_BILLING_FORM as Record<string, string>),
  });
  expect(started.status).toBe(302);
  const demoPage = started.headers.get("location")!;
  orderId = /\/ca\/pagament-demo\/([^/?]+)/u.exec(demoPage)![1]!;
  expect((await post(demoPage, { intent: "pay" })).status).toBe(302);

  // An appointment booked on the Catalan booking page: the first free time three days ahead.
  const times = await page(`/ca/reserva?servicio=semipermanente&profesional=any&desde=${addDays(madridDate(), 3)}`);
  const details = /href="(\/ca\/reserva\?[^"]*hora=[^"]*)"/u.exec(times)![1]!.replaceAll("&amp;", "&");
  const booked = await post(details, { comentario: "" });
  expect(booked.status).toBe(302);
  const landing = booked.headers.get("location")!;
  appointmentId = /cita=([0-9a-f-]{36})|reservada=([0-9a-f-]{36})/u.exec(landing)!.slice(1).find(Boolean)!;
  expect(landing).toBe(`/ca/perfil/cites?reservada=${appointmentId}`);
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  await srv?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the account area in Catalan", () => {
  it("sends /ca/perfil to the Catalan Dades personals, old ?tab= links too", async () => {
    const res = await get("/ca/perfil");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ca/perfil/dades");
    const tab = await get("/ca/perfil?tab=configuracion");
    expect(tab.headers.get("location")).toBe("/ca/perfil/configuracio");
  });

  it.each([
    {
      ca: "/ca/perfil/dades",
      es: "/perfil/datos",
      says: ["El meu perfil", "Dades personals", "Cognoms", "Data d’alta", "Edita el perfil", "Dades de facturació"],
    },
    {
      ca: "/ca/perfil/dades?editar=1",
      es: "/perfil/datos",
      says: ["Desa els canvis", "Cancel·la", "Contrasenya actual", "Només cal si canvies el correu electrònic."],
    },
    {
      ca: "/ca/perfil/cites",
      es: "/perfil/citas",
      says: ["Les meves cites", "Mira, canvia o anul·la", " amb "],
    },
    {
      ca: "/ca/perfil/cursos",
      es: "/perfil/cursos",
      says: ["Els meus cursos", "Inscripció:", "Accés fins al", "Mira les dates i els detalls"],
    },
    {
      ca: "/ca/perfil/compres",
      es: "/perfil/compras",
      says: [
        "Historial de compres",
        "Mètode de pagament",
        "Targeta de crèdit o dèbit",
        "Completada",
        "Desisteix del contracte",
      ],
    },
    {
      ca: "/ca/perfil/configuracio",
      es: "/perfil/ajustes",
      says: [
        "Preferències",
        "Recordatoris dels meus cursos",
        "Canvia la contrasenya",
        "Baixa les meves dades",
        "Elimina el compte",
      ],
    },
    {
      ca: "/ca/els-meus-cursos",
      es: "/mis-cursos",
      says: [
        "Els meus cursos",
        "Convocatòria",
        "Durada",
        "40 hores",
        "Accés",
        "Fins al",
        "Lloc",
        "Afegeix al calendari (.ics)",
      ],
    },
  ])("$ca answers in Catalan, leading back to $es", async ({ ca, es, says }) => {
    const html = await page(ca);
    expectCatalan(html, ca);
    const text = mainText(html);
    for (const words of says) expect(text, ca).toContain(words);
    expect(alternates(html)).toEqual({ es, ca: ca.replace(/\?.*$/u, ""), "x-default": es });
    expect(switcher(html)).toBe(`${es}${ca.includes("?") ? ca.slice(ca.indexOf("?")) : ""}`);
    expect(html).toMatch(/<a[^>]*hrefLang="es"/u);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("links the sections, the course and the order at their Catalan addresses", async () => {
    const html = await page("/ca/perfil/compres");
    for (const href of ["/ca/perfil/dades", "/ca/perfil/cites", "/ca/perfil/cursos", "/ca/perfil/configuracio"])
      expect(html).toContain(`href="${href}"`);
    expect(html).toContain(`href="/ca/perfil/compres/${orderId}/desistiment"`);
    // The course as bought (the order line's title).
    const { title } = await db
      .selectFrom("order_items")
      .select("title")
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    const courses = await page("/ca/perfil/cursos");
    expect(mainText(courses)).toContain(title);
    expect(courses).toContain('href="/ca/els-meus-cursos"');
    expect(await page("/ca/perfil/cites")).toContain(`href="/ca/perfil/cites/${appointmentId}"`);
    // Just booked: the notice, in Catalan.
    expect(mainText(await page(`/ca/perfil/cites?reservada=${appointmentId}`))).toContain(
      "Cita reservada! T’hem enviat un correu amb els detalls i el fitxer per al teu calendari.",
    );
    const settings = await page("/ca/perfil/configuracio");
    expect(settings).toContain('action="/ca/perfil/configuracio"');
    expect(await page("/ca/perfil/dades?editar=1")).toContain('action="/ca/perfil/dades"');
  });

  it("shows her appointment in Catalan, its actions on the Catalan address", async () => {
    const pathname = `/ca/perfil/cites/${appointmentId}`;
    const html = await page(pathname);
    expectCatalan(html, pathname);
    const text = mainText(html);
    expect(text).toContain("La meva cita");
    expect(text).toContain("← Les meves cites");
    expect(html).toContain('href="/ca/perfil/cites"');
    expect(html).toContain(`${pathname}?cambiar=1`);
    expect(alternates(html)).toEqual({
      es: `/perfil/citas/${appointmentId}`,
      ca: pathname,
      "x-default": `/perfil/citas/${appointmentId}`,
    });
    // Someone else's (or no) appointment: the Catalan 404.
    const missing = await get("/ca/perfil/cites/no-existeix");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/<html[^>]*lang="ca"/u);
  });

  it("answers the forms in Catalan and comes back to the Catalan section", async () => {
    const billing = await post("/ca/perfil/dades", { intent: "billing", billingName: "Núria Puig" });
    expect(billing.status).toBe(400);
    const billingText = mainText(await billing.text());
    expect(billingText).toContain("Escriu el teu NIF, NIE o CIF.");
    expect(billingText).toContain("Escriu el codi postal.");
    expect(billingText).not.toContain("Escribe");

    const profile = await post("/ca/perfil/dades", {
      intent: "profile",
      firstName: "Núria",
      lastName: "Puig",
      email: "no-es-un-correu",
      phone: "",
    });
    expect(profile.status).toBe(400);
    expect(mainText(await profile.text())).toContain("El format del correu electrònic no és vàlid");

    const locale = await post("/ca/perfil/configuracio", { intent: "settings", locale: "fr" });
    expect(locale.status).toBe(400);
    expect(mainText(await locale.text())).toContain("Tria l’idioma dels correus: castellà o català");

    const saved = await post("/ca/perfil/configuracio", { intent: "settings", courseEmails: "on", locale: "ca" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/ca/perfil/configuracio?guardado=preferencias");
    expect(mainText(await page("/ca/perfil/configuracio?guardado=preferencias"))).toContain(
      "S’han desat les teves preferències.",
    );

    const password = await post("/ca/perfil/configuracio", {
      intent: "password",
      currentPassword: "no-es-aquesta",
      password: "una-altra-de-llarga",
      confirmPassword: "una-altra-de-llarga",
    });
    expect(password.status).toBe(400);
    expect(mainText(await password.text())).toContain("La contrasenya no és correcta");
  });

  it("offers the model withdrawal form in Catalan on the Catalan conditions", async () => {
    const html = await get("/ca/condicions", false);
    const text = mainText(await html.text());
    const form = withdrawalForm("ca");
    for (const line of [form.title, form.intro, ...form.lines]) expect(text).toContain(line);
  });
});

describe("signing in to the account area", () => {
  it.each([
    ["/ca/perfil", "/ca/inici-sessio?redirectTo=%2Fca%2Fperfil"],
    ["/ca/perfil/compres", "/ca/inici-sessio?redirectTo=%2Fca%2Fperfil%2Fcompres"],
    ["/ca/els-meus-cursos", "/ca/inici-sessio?redirectTo=%2Fca%2Fels-meus-cursos"],
    [`/ca/pagament/${COURSE}`, `/ca/inici-sessio?redirectTo=%2Fca%2Fpagament%2F${COURSE}`],
    ["/perfil", "/login?redirectTo=%2Fperfil"],
    ["/perfil/datos", "/login?redirectTo=%2Fperfil%2Fdatos"],
    ["/mis-cursos", "/login?redirectTo=%2Fmis-cursos"],
  ])("a signed-out visit to %s goes to %s", async (from, to) => {
    const res = await get(from, false);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(to);
  });

  it("asks for the sign-in in Catalan and comes back to the Catalan profile", async () => {
    const login = await get("/ca/inici-sessio?redirectTo=%2Fca%2Fperfil", false);
    const html = await login.text();
    expect(html).toContain("Has d’iniciar la sessió per veure el teu perfil");
    expect(html).toContain('name="redirectTo" value="/ca/perfil"');
    // Already signed in: straight back to the Catalan page.
    const back = await get("/ca/inici-sessio?redirectTo=%2Fca%2Fperfil%2Fcompres");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/ca/perfil/compres");
  });
});

describe("the account area in Spanish, unchanged", () => {
  it.each([
    ["/perfil/datos", ["Mi perfil", "Datos personales", "Apellidos", "Editar perfil", "Datos de facturación"]],
    ["/perfil/compras", ["Historial de compras", "Método de pago", "Fecha", "Importe"]],
    ["/perfil/ajustes", ["Preferencias", "Recordatorios de mis cursos", "Cambiar contraseña", "Eliminar cuenta"]],
    ["/mis-cursos", ["Mis cursos", "Convocatoria", "Duración", "40 horas", "Lugar"]],
  ])("%s answers in Spanish", async (pathname, says) => {
    const html = await page(pathname);
    expect(html).toMatch(/<html[^>]*lang="es"/u);
    const text = mainText(html);
    for (const words of says) expect(text, pathname).toContain(words);
  });

  it("keeps the Spanish forms on the Spanish addresses", async () => {
    const saved = await post("/perfil/ajustes", { intent: "settings", courseEmails: "on", locale: "ca" });
    expect(saved.headers.get("location")).toBe("/perfil/ajustes?guardado=preferencias");
    expect(mainText(await page("/perfil/ajustes?guardado=preferencias"))).toContain(
      "Tus preferencias se han guardado.",
    );
  });
});

// Last: the withdrawal ends the enrolment the pages above show.
describe("the withdrawal in Catalan", () => {
  it("walks the withdrawal in Catalan: the choice, the review, the acknowledgement", async () => {
    const base = `/ca/perfil/compres/${orderId}/desistiment`;
    const choice = await page(base);
    expectCatalan(choice, base);
    const choiceText = mainText(choice);
    for (const words of [
      "Desistir del contracte",
      "De quins cursos vols desistir?",
      "Cursos de la comanda",
      "Continua",
    ])
      expect(choiceText).toContain(words);
    expect(choiceText).toMatch(/Comanda [0-9A-F]{8} ?, pagada el \d{1,2} d[e’] ?\p{L}+ de \d{4}, per 650,00 €\./u);
    expect(alternates(choice)).toEqual({
      es: `/perfil/compras/${orderId}/desistir`,
      ca: base,
      "x-default": `/perfil/compras/${orderId}/desistir`,
    });
    const line = /name="linea" value="([^"]+)"/u.exec(choice)![1]!;

    const none = mainText(await page(`${base}?paso=revisar`));
    expect(none).toContain("Marca almenys un curs del qual vulguis desistir.");

    const review = await page(`${base}?paso=revisar&linea=${line}`);
    expectCatalan(review, `${base}?paso=revisar`);
    const reviewText = mainText(review);
    expect(reviewText).toContain("Revisa i confirma");
    expect(reviewText).toContain("Desistiràs d’aquest curs:");
    expect(reviewText).toContain("Un cop confirmat, el desistiment no es pot desfer.");
    expect(reviewText).toContain("Confirma el desistiment");

    const refused = await post(base, { intent: "confirmar-desistimiento" });
    expect(refused.status).toBe(400);
    expect(mainText(await refused.text())).toContain("Marca almenys un curs del qual vulguis desistir.");

    const confirmed = await post(base, { intent: "confirmar-desistimiento", linea: line });
    expect(confirmed.status).toBe(302);
    const done = confirmed.headers.get("location")!;
    expect(done).toMatch(new RegExp(`^${base}\\?recibido=`, "u"));
    const received = await page(done);
    expectCatalan(received, done);
    const receivedText = mainText(received);
    expect(receivedText).toContain("Desistiment rebut");
    expect(receivedText).toMatch(
      /Hem rebut el teu desistiment de la comanda [0-9A-F]{8} el .+ \(hora de Madrid\), d’aquest curs:/u,
    );
    expect(receivedText).toContain("T’hem enviat un correu amb aquest justificant de recepció.");
    expect(mainText(await page("/ca/perfil/compres"))).toContain("Desistiment sol·licitat");
  });
});
