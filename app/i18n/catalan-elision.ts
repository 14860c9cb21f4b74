/**
 * Catalan elides the article before "un" and "onze": a date on the 1st or the
 * 11th reads "de l’1 d’abril", "l’11 de maig", "a l’1 de juny", not "del 1",
 * "el 11", "al 1". Messages write "del {start}"; the day is only known when
 * the message is formatted, so the elision is made then, on the formatted
 * text (icu.ts, for Catalan only). It touches a 1 or 11 followed by a month
 * ("de …", "d’…") only, so "el 11 %" or a phone number is left alone.
 */
const ARTICLE_BEFORE_DAY = /\b(del|Del|al|Al|el|El) (1|11)(?= (?:de |d’))/gu;

const ELIDED: Record<string, string> = {
  del: "de l’",
  Del: "De l’",
  al: "a l’",
  Al: "A l’",
  el: "l’",
  El: "L’",
};

export function elideCatalanDays(text: string): string {
  return text.replace(ARTICLE_BEFORE_DAY, (_, article: string, day: string) => `${ELIDED[article]}${day}`);
}
