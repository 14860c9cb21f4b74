/**
 * The salon's services in a message, the way people name them on a phone
 * ("semi", "pedi", "uñas acrílicas", "quitarme el gel"). Each name people use
 * is mapped to one menu word ("semipermanente", "pedicura", "acrílico",
 * "retirada"); the answer then looks those words up in the live menu, so only
 * services the menu really has are ever named. A word that matches no active
 * service ("pestañas") means the salon does not offer it. Pure.
 */
import type { Locale } from "~/i18n/locales.ts";
import { withinOneTypo } from "./course-mentions.ts";

/** Menu word → the words and phrases people write for it (folded: lower case, no accents). */
const SERVICE_TERMS: Record<string, readonly string[]> = {
  semipermanente: [
    "semipermanente",
    "semipermanentes",
    "semi",
    "semis",
    "semipermanete",
    "esmaltado permanente",
    "esmalte permanente",
    "shellac",
    // Catalan.
    "semipermanent",
    "semipermanents",
    "esmalt permanent",
  ],
  manicura: ["manicura", "manicuras", "mani", "manicure", "manos", "mans", "manicures"],
  pedicura: ["pedicura", "pedicuras", "pedi", "pedicure", "pies", "peus", "pedicures"],
  gel: ["gel", "geles"],
  acrilico: ["acrilico", "acrilicos", "acrilica", "acrilicas", "acrilic", "acrilics", "acriliques"],
  relleno: ["relleno", "rellenos", "rellenar", "rellenarme", "mantenimiento", "reomplert", "reomplir", "manteniment"],
  "nail art": [
    "nail art",
    "nailart",
    "decoracion",
    "decoraciones",
    "dibujos",
    "dibujitos",
    "pedreria",
    "cromado",
    "decoracio",
    "decoracions",
    "dibuixos",
  ],
  retirada: [
    "retirada",
    "retirar",
    "retirarme",
    "quitar",
    "quitarme",
    "quitan",
    "quitais",
    "quitado",
    "treure",
    "traieu",
    "treuen",
  ],
  limpieza: ["limpieza", "limpiezas", "cutis", "neteja"],
  facial: ["facial", "faciales", "cara", "rostro", "facials"],
  hidratante: ["hidratante", "hidratacion", "hidratant", "hidratacio"],
  cejas: ["ceja", "cejas", "cella", "celles"],
  // Asked for, but not on the seeded menu: they match only if the staff adds such a service.
  pestanas: ["pestana", "pestanas", "lifting", "pestanya", "pestanyes"],
  depilacion: ["depilacion", "depilar", "depilarme", "cera", "laser", "depilacio"],
  masaje: ["masaje", "masajes", "massatge", "massatges"],
  maquillaje: ["maquillaje", "maquillar", "maquillarme", "maquillatge"],
  micropigmentacion: ["micropigmentacion", "microblading"],
  porcelana: ["porcelana"],
};

/** What each menu word is called in a reply when the menu lacks it. */
const TERM_LABELS: Record<string, string> = {
  pestanas: "pestañas",
  depilacion: "depilación",
  micropigmentacion: "micropigmentación",
  porcelana: "uñas de porcelana",
  acrilico: "uñas acrílicas",
  gel: "uñas de gel",
  "nail art": "nail art",
  limpieza: "limpieza facial",
};

/**
 * "uñas", "uña", "uñitas", or "unas" typed without ñ (before folding: folded, "una" is also the article).
 * Counts half a menu word: "uñas de gel" is the set of gel nails rather than the removal of gel.
 */
const NAILS = /(?<!\p{L})(?:uñ\p{L}*|unas|unitas|ungles|ungla)(?!\p{L})/iu;
/** "quitar" is a removal only of nails or polish ("quitarme el gel"), not of anything ("quitar una muela"). */
const REMOVAL_VERBS = new Set([
  "quitar",
  "quitarme",
  "quitan",
  "quitais",
  "quitado",
  "retirar",
  "retirarme",
  "treure",
  "traieu",
  "treuen",
]);
const POLISH_WORDS = new Set(["esmalte", "esmaltado", "pintauñas", "pintaunas", "esmalt"]);

export const SERVICE_TERM_KEYS: readonly string[] = Object.keys(SERVICE_TERMS);

export const fold = (text: string) => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

const wordsOf = (text: string) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];

const variants = Object.entries(SERVICE_TERMS)
  .flatMap(([term, names]) => names.map((n) => ({ term, words: wordsOf(n) })))
  .sort((a, b) => b.words.length - a.words.length);

/** One typo is forgiven in words of seven letters or more ("pedicurra", "semipermante" is too far). */
const sameWord = (said: string, known: string) => said === known || (known.length >= 7 && withinOneTypo(said, known));

/** The menu words a message names, in order of appearance, without repeats. */
export function findServiceTerms(text: string): string[] {
  const said = wordsOf(text);
  const taken = new Array<boolean>(said.length).fill(false);
  const found: { term: string; at: number; verb: boolean }[] = [];
  for (const v of variants) {
    for (let i = 0; i + v.words.length <= said.length; i += 1) {
      let ok = true;
      for (let k = 0; k < v.words.length && ok; k += 1) ok = !taken[i + k] && sameWord(said[i + k], v.words[k]);
      if (!ok) continue;
      for (let k = 0; k < v.words.length; k += 1) taken[i + k] = true;
      found.push({ term: v.term, at: i, verb: v.words.length === 1 && REMOVAL_VERBS.has(v.words[0]) });
    }
  }
  const aboutNails = found.some((f) => !f.verb) || NAILS.test(text) || said.some((w) => POLISH_WORDS.has(w));
  return [
    ...new Set(
      found
        .filter((f) => aboutNails || !f.verb)
        .sort((a, b) => a.at - b.at)
        .map((f) => f.term),
    ),
  ];
}

/** "manicura semipermanente", as a reply names menu words the salon lacks. */
export function termLabel(term: string): string {
  return TERM_LABELS[term] ?? term;
}

/** Whether `terms` are all menu words (a topic sent back by the browser is checked with this). */
export function areServiceTerms(terms: readonly string[]): boolean {
  return terms.length > 0 && terms.every((t) => Object.hasOwn(SERVICE_TERMS, t));
}

export type ServiceAspect = "price" | "duration" | "both" | "offer";

// Catalan too: "quant costa", "quant val", "preu", "quant dura", "quant temps".
const PRICE_WORDS =
  /\b(cuestan?|valen?|precios?|cobrais|cobran|sale|salen|tarifas?|euros?|pagar|cuanto es|cuanto seria|costa|costen|val|preus?|cobreu)\b|€/;
const DURATION_WORDS =
  /\b(duran?|tardan?|tardais|tarda[sr]?|tiempo|rato|minutos|horas?|cuanto se tarda|duren|temps|minuts|hores)\b/;

/** What a question about a service asks: its price, how long it takes, both, or whether the salon offers it. */
export function serviceAspect(text: string): ServiceAspect {
  const t = fold(text);
  const price = PRICE_WORDS.test(t);
  const duration = DURATION_WORDS.test(t);
  if (price && duration) return "both";
  if (price) return "price";
  return duration ? "duration" : "offer";
}

/** A service as the matchers read it: `name` is the Spanish one, `nameCa` the Catalan one when written. */
export interface NamedService {
  id: string;
  name: string;
  nameCa?: string | null;
}

/** The name a reply in `locale` gives a service: its Catalan one when written, else the Spanish one. */
export const serviceName = (s: NamedService, locale: Locale): string =>
  locale === "ca" && s.nameCa?.trim() ? s.nameCa.trim() : s.name;

/**
 * Words that name a part of the body rather than a service ("mans", "peus",
 * "cara"): a question says "la pedicura" with them, a service's name does not.
 */
const BODY_WORDS: ReadonlySet<string> = new Set(["manos", "mans", "pies", "peus", "cara", "rostro"]);
/** Catalan "ungles": what "uñas" is to a Spanish name (the set of nails, not their removal). */
const NAIL_WORDS: ReadonlySet<string> = new Set(["ungles", "ungla"]);

/**
 * A Catalan name in menu words, as a Spanish name is written ("Reomplert de gel
 * o acrílic" → "relleno de gel o acrilico", "Ungles de gel" → "unas de gel"),
 * so the same scoring reads it. Exact words only: a staff's name is spelt right.
 */
function catalanInMenuWords(name: string): string {
  const words = wordsOf(name);
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const v = variants.find((x) => !BODY_WORDS.has(x.words.join(" ")) && x.words.every((w, k) => words[i + k] === w));
    if (v) {
      out.push(v.term);
      i += v.words.length;
    } else {
      out.push(NAIL_WORDS.has(words[i]) ? "unas" : words[i]);
      i += 1;
    }
  }
  return out.join(" ");
}

/** How well a name (in menu words) fits the menu words asked; 0 for not at all. */
function nameScore(menuWords: string, terms: readonly string[], nails: boolean): number {
  const name = ` ${menuWords} `;
  const hits = terms.filter((t) => name.includes(` ${t} `));
  // The term that opens the name is what the service is ("Retirada de semipermanente" is a removal).
  const head = hits.some((t) => name.startsWith(` ${t} `)) ? 0.25 : 0;
  const nail = hits.length && nails && /^ unas /.test(name) ? 0.5 : 0;
  return hits.length ? hits.length + head + nail : 0;
}

/** A name as a question would hold it whole: folded words, without what is in brackets ("(nuevo set)"). */
const wholeName = (name: string) => wordsOf(name.replace(/\(.*?\)/g, " ")).join(" ");

/**
 * The services of `menu` a message names: those whose name (Spanish, or
 * Catalan when written) holds the most of its menu words ("manicura
 * semipermanente" → only that one; "semi" → every service with
 * semipermanente), the most specific first; failing that, those whose whole
 * name the message holds (a service the staff named in words of its own).
 */
export function matchServices<S extends NamedService>(text: string, menu: readonly S[]): S[] {
  const terms = findServiceTerms(text);
  const nails = NAILS.test(text);
  const scored = menu
    .map((s) => {
      const es = nameScore(wordsOf(s.name).join(" "), terms, nails);
      const ca = s.nameCa?.trim() ? nameScore(catalanInMenuWords(s.nameCa), terms, nails) : 0;
      return { s, score: Math.max(es, ca) };
    })
    .filter((x) => x.score > 0);
  if (scored.length === 0) return wholeNamed(text, menu);
  const best = Math.max(0, ...scored.map((x) => Math.floor(x.score * 2) / 2));
  return scored
    .filter((x) => Math.floor(x.score * 2) / 2 === best)
    .sort((a, b) => b.score - a.score || a.s.name.length - b.s.name.length)
    .map((x) => x.s);
}

/** The services whose whole name, in either language, a message holds; the longest name first. */
function wholeNamed<S extends NamedService>(text: string, menu: readonly S[]): S[] {
  const said = ` ${wordsOf(text).join(" ")} `;
  const found = menu.flatMap((s) => {
    const lengths = [s.name, s.nameCa ?? ""]
      .map(wholeName)
      .filter((n) => n && said.includes(` ${n} `))
      .map((n) => n.length);
    return lengths.length ? [{ s, length: Math.max(...lengths) }] : [];
  });
  return found.sort((a, b) => b.length - a.length).map((x) => x.s);
}
