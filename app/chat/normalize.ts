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
};

/** Letters repeated three or more times ("holaaa", "graciasss") collapse to one. */
const STRETCHED = /(\p{L})\1{2,}/gu;
/** Anything that is not a letter, digit, space or ordinary punctuation (emoji, symbols). */
const SYMBOLS = /[^\p{L}\p{N}\s¿?¡!.,;:'"()-]/gu;

const stripAccents = (w: string) => w.normalize("NFD").replace(/\p{M}/gu, "");

export function normalizeMessage(text: string): string {
  const cleaned = text.replace(SYMBOLS, " ").replace(STRETCHED, "$1").replace(/\s+/g, " ").trim();
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
