/** Salutations a message opens with, set apart from the question that follows them. Pure. */
import { greetingOpeners as spanishOpeners } from "./corpus.ts";

const foldText = (text: string) => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

/**
 * "hola buenas, q cursos tenéis" → "q cursos tenéis": the salutations a
 * message opens with (corpus.ts `greetingOpeners`, each optionally followed by
 * "guapa", "chicas"…), or the text unchanged when it opens with none.
 */
export function greetingStripper(
  greetingOpeners: { openers: readonly string[]; vocatives: readonly string[] } = spanishOpeners,
): (text: string) => string {
  const alt = (words: readonly string[]) =>
    words
      .map(foldText)
      .sort((a, b) => b.length - a.length)
      .map((w) => w.replace(/ /g, "\\s+"))
      .join("|");
  const opener = new RegExp(
    `^(?:[¡!¿]*(?:${alt(greetingOpeners.openers)})(?:\\s+(?:${alt(greetingOpeners.vocatives)}))?(?![\\p{L}\\p{N}])[\\s,.;:!¡?¿]*)+`,
    "u",
  );
  return (text) => {
    const folded = foldText(text);
    const m = opener.exec(folded);
    // Folding keeps the length (one combining mark per accented letter is removed after NFD), so map back by letters.
    return m ? text.slice(text.length - folded.slice(m[0].length).length).trim() : text;
  };
}
