/**
 * Spanish writes labels, headings and buttons in sentence case: "Iniciar sesión", "Proceder
 * al pago", "Historial de compras", never the English habit of "Iniciar Sesión". This scan
 * reads the sources of everything a visitor, buyer or staff member reads (routes, components,
 * emails, invoices, domain texts) and flags two capitalised words in a row, joined or not by
 * "de", "en", "a"…, that are not a proper name listed below. Code comments and imports are
 * skipped; the assistant's corpus (app/chat: what people type) and the seed data are not labels.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.dirname(new URL(import.meta.url).pathname);

const SCANNED = [
  "routes",
  "components",
  "layouts",
  "domain",
  "content",
  "orders",
  "invoices",
  "mail",
  "salon",
  "waitlist",
  "auth",
  "payments",
  "bookings",
  "staff",
  "catalogue",
  "lib",
];

/**
 * Proper names, titles of laws and bodies, and names of places on the site, which keep their
 * capitals. Each is taken out of a line before the scan, so "Compartir en Facebook" or
 * "Ir a Mis cursos" pass and "Ver Más Info" does not.
 */
const PROPER_NAMES: readonly string[] = [
  // The business, its people and its place.
  "Nail & Beauty Studio",
  "Alejandra Nails",
  "Alejandra Ruiz",
  "Molins de Rei",
  "Carrer Major",
  "Sofía Romero",
  "Paula Ortega",
  "Marta Vidal",
  "Laura Martínez",
  "Carla Sánchez",
  // Course names (brands of the academy).
  "Expert Nails",
  "Técnico Manicurista",
  // The AEAT's field names, quoted as they are in its schemas.
  "Subsanacion",
  "RechazoPrevio",
  // Companies and products.
  "Google Authenticator",
  "Microsoft Authenticator",
  "Google Maps",
  "Google",
  "Stripe Checkout",
  "Stripe Payments",
  "Stripe",
  "WhatsApp",
  "Facebook",
  "Instagram",
  "Klarna",
  "SeQura",
  "Scalapay",
  "Bizum",
  "Times New Roman",
  // Sections of the site, named as places.
  "Mis cursos",
  "Gestión",
  // Laws, registers and public bodies.
  "Agencia Española de Protección de Datos",
  "Agencia Estatal de Administración Tributaria",
  "Administración Tributaria",
  "Ley Orgánica",
  "Texto Refundido de la Ley General para la Defensa de los Consumidores y Usuarios",
  "Ley General",
  "Servicios de la Sociedad de la Información y de Comercio Electrónico",
  // The same names where JSX breaks them across lines.
  "Servicios de la Sociedad",
  "Información y de Comercio Electrónico",
  "Agencia Española",
  "Protección de Datos",
  "Código de Comercio",
  "Registro Mercantil",
  "Espacio Económico Europeo",
  "Marco de Privacidad de Datos",
  "Impuesto sobre el Valor Añadido",
  "Valor Añadido",
  "Jorge Juan",
  // The AEPD's "Guía sobre el uso de las cookies", a publication's title.
  "La Guía",
  "Europe/Madrid",
];

const UPPER = "A-ZÁÉÍÓÚÑÜ";
const LOWER = "a-záéíóúñü";
const WORD = `[${UPPER}][${LOWER}]+`;
const JOINERS = "de|del|al|la|el|los|las|y|o|a|en|con|por|para|sin|tu|su|mi";
/** "Iniciar Sesión", "Proceder al Pago", "Historial de Compras", "Tarjeta de Crédito". */
const TITLE_CASE = new RegExp(`(?<![\\w/.-])${WORD}(?:[ \\u00a0](?:${JOINERS})\\b)*[ \\u00a0/]${WORD}`, "gu");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/u.test(f) && !/\.test\.tsx?$/u.test(f))
    .map((f) => path.join(dir, f));
}

/** The title-cased pairs in one source text, as "line: pair". */
function titleCasePairs(source: string): string[] {
  const found: string[] = [];
  source.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (/^(?:\/\/|\/\*|\*|import\b)/u.test(line)) return;
    const text = PROPER_NAMES.reduce((t, name) => t.replaceAll(name, "·"), line);
    for (const match of text.matchAll(TITLE_CASE)) found.push(`${i + 1}: ${match[0]}`);
  });
  return found;
}

describe("sentence case", () => {
  it("flags title-cased labels and lets proper names through", () => {
    expect(titleCasePairs(`<button>Iniciar Sesión</button>`)).toEqual(["1: Iniciar Sesión"]);
    expect(titleCasePairs(`const label = "Proceder al Pago";`)).toEqual(["1: Proceder al Pago"]);
    expect(titleCasePairs(`<h2>Historial de Compras</h2>`)).toEqual(["1: Historial de Compras"]);
    expect(titleCasePairs(`name: "Tarjeta de Crédito/Débito"`)).toEqual(["1: Tarjeta de Crédito"]);
    expect(titleCasePairs(`<a>Más Info</a>`)).toEqual(["1: Más Info"]);
    expect(titleCasePairs(`<p>¡Pago Exitoso!</p>`)).toEqual(["1: Pago Exitoso"]);
    expect(titleCasePairs(`<p>Estamos en Molins de Rei, con Alejandra Nails.</p>`)).toEqual([]);
    expect(titleCasePairs(`<a>Compartir en WhatsApp</a> <a>Continuar con Google</a>`)).toEqual([]);
    expect(titleCasePairs(`// Iniciar Sesión in a comment`)).toEqual([]);
    expect(titleCasePairs(`<p>Iniciar sesión. Te esperamos</p>`)).toEqual([]);
  });

  it("finds no title-cased label in the sources of what people read", () => {
    const offenders = SCANNED.flatMap((dir) => sourceFiles(path.join(APP, dir)))
      .concat(path.join(APP, "root.tsx"))
      .flatMap((file) => titleCasePairs(readFileSync(file, "utf8")).map((hit) => `${path.relative(APP, file)}:${hit}`));
    expect(offenders).toEqual([]);
  });
});
