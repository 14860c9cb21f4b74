/**
 * The words the assistant knows, and the one-letter typos people make on a
 * phone ("horaio", "pedicrua", "semipermanete"): a long word the corpus lacks
 * becomes the corpus word one letter away from it. Short words are left alone:
 * they are too close to each other ("cara", "cera") to guess. Pure.
 */
import { withinOneTypo } from "./course-mentions.ts";

/** Shortest word corrected, and shortest word it may become. */
const MIN_TYPO_WORD = 6;
const MIN_KNOWN_WORD = 7;

const fold = (w: string) => w.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

/** `known`: the words the assistant was trained on. Returns the text with each typo replaced by its word. */
export function typoFixer(known: Iterable<string>): (text: string) => string {
  const vocabulary = new Set<string>();
  for (const w of known) vocabulary.add(fold(w));
  const long = [...vocabulary].filter((w) => w.length >= MIN_KNOWN_WORD);
  return (text) =>
    text.replace(/\p{L}+/gu, (word) => {
      const folded = fold(word);
      if (folded.length < MIN_TYPO_WORD || vocabulary.has(folded)) return word;
      return long.find((w) => withinOneTypo(folded, w)) ?? word;
    });
}

/**
 * A stem counts as known when the corpus has it, a longer or shorter form of
 * it ("aparc" / "aparcamient", "ubic" / "ubicacion") or a one-letter typo of it.
 * Stems under four letters must match exactly.
 */
export function isKnownWord(stem: string, vocabulary: Set<string>): boolean {
  if (vocabulary.has(stem)) return true;
  if (stem.length < 4) return false;
  for (const v of vocabulary) {
    if (v.length >= 4 && (stem.startsWith(v) || v.startsWith(stem))) return true;
    if (v.length >= 5 && stem.length >= 5 && withinOneTypo(stem, v)) return true;
  }
  return false;
}
