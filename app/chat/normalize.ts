/**
 * Text clean-up before classification. NLP.js already lower-cases, strips
 * accents and stems; this handles what it does not: WhatsApp shorthand,
 * stretched letters ("holaaa"), emoji and stray symbols.
 */

/** Shorthand → the word the corpus uses. Keys are whole lower-case words without accents. */
const SHORTHAND: Record<string, string> = {
  q: "que",
  k: "que",
  ke: "que",
  xq: "por que",
  pq: "por que",
  porq: "por que",
  x: "por",
  d: "de",
  tb: "también",
  tmb: "también",
  porfa: "por favor",
  porfi: "por favor",
  xfa: "por favor",
  pls: "por favor",
  plis: "por favor",
  info: "información",
  whats: "whatsapp",
  wasap: "whatsapp",
  guasap: "whatsapp",
  wsp: "whatsapp",
  wa: "whatsapp",
  insta: "instagram",
  ig: "instagram",
  tlf: "teléfono",
  tfno: "teléfono",
  telf: "teléfono",
  mail: "correo",
  finde: "fin de semana",
  dnd: "dónde",
  grasias: "gracias",
  ola: "hola",
  eur: "euros",
  // More WhatsApp spellings: k/q/x for "qu"/"cu"/"por", dropped letters, clipped words.
  qe: "que",
  xk: "por que",
  pk: "por que",
  porke: "porque",
  xa: "para",
  pa: "para",
  tmbn: "también",
  tambn: "también",
  tamb: "también",
  xfavor: "por favor",
  porfis: "por favor",
  plz: "por favor",
  kiero: "quiero",
  kieres: "quieres",
  kisiera: "quisiera",
  kien: "quién",
  kuanto: "cuánto",
  kuanta: "cuánta",
  kuantos: "cuántos",
  kuantas: "cuántas",
  qnto: "cuánto",
  qnta: "cuánta",
  qntos: "cuántos",
  qntas: "cuántas",
  kuando: "cuándo",
  qndo: "cuándo",
  cdo: "cuándo",
  kurso: "curso",
  kursos: "cursos",
  aki: "aquí",
  ai: "ahí",
  dsd: "desde",
  dsp: "después",
  dps: "después",
  bn: "bien",
  nd: "nada",
  mñn: "mañana",
  mñna: "mañana",
  hr: "hora",
  hrs: "horas",
  min: "minutos",
  sab: "sábado",
  grax: "gracias",
  grcs: "gracias",
  grasia: "gracias",
  muxas: "muchas",
  muxo: "mucho",
  muxos: "muchos",
  xo: "pero",
  salu2: "saludos",
  bss: "besos",
  bsos: "besos",
  oki: "ok",
  okey: "ok",
  okis: "ok",
  aceis: "hacéis",
  abeis: "habéis",
  acer: "hacer",
  ay: "hay",
  aber: "a ver",
  nse: "no sé",
  toy: "estoy",
  tais: "estáis",
  parkin: "parking",
  parkings: "parking",
  ubi: "ubicación",
  dirr: "dirección",
  tel: "teléfono",
  telefno: "teléfono",
  wassap: "whatsapp",
  watsap: "whatsapp",
  whatsap: "whatsapp",
  wasapp: "whatsapp",
  bisum: "bizum",
  bizun: "bizum",
  // Issue item 14: more of what people type on a phone.
  pal: "para el",
  // Keys are looked up without accents, so "mñn" arrives as "mnn".
  mnn: "mañana",
  mnna: "mañana",
  findes: "fines de semana",
  m: "me",
  t: "te",
  porfavor: "por favor",
  xfi: "por favor",
  xfis: "por favor",
  pf: "por favor",
  tlfn: "teléfono",
  tfn: "teléfono",
  cnt: "cuánto",
  qtal: "qué tal",
  mani: "manicura",
  pedi: "pedicura",
};

/** Letters repeated three or more times ("holaaa", "graciasss") collapse to one. */
const STRETCHED = /(\p{L})\1{2,}/gu;
/**
 * A doubled last letter ("buenass", "holaa", "adioss") is a stretched one too: no Spanish
 * word ends in "ss", "aa", "ii", "oo" or "uu" ("ee" does: "lee", "cree").
 */
const STRETCHED_END = /([asiou])\1(?![\p{L}\p{N}])/gu;
/** Anything that is not a letter, digit, space or ordinary punctuation (emoji, symbols). */
const SYMBOLS = /[^\p{L}\p{N}\s¿?¡!.,;:'"()-]/gu;

const stripAccents = (w: string) => w.normalize("NFD").replace(/\p{M}/gu, "");

export function normalizeMessage(text: string): string {
  const cleaned = text
    .replace(SYMBOLS, " ")
    .replace(STRETCHED, "$1")
    .replace(STRETCHED_END, "$1")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned
    .split(" ")
    .map((word) => {
      const m = /^([¿¡("']*)(.*?)([?!.,;:)"']*)$/u.exec(word);
      if (!m) return word;
      const [, pre, core, post] = m;
      const replacement = SHORTHAND[stripAccents(core.toLowerCase())];
      return replacement ? `${pre}${replacement}${post}` : word;
    })
    .join(" ");
}
