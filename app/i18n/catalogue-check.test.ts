/**
 * The catalogues' check (issue 34, item 5), part of npm test:
 * - both languages have the same keys, every message parses and a message has
 *   the same arguments and tags in both (a translator cannot drop a {price});
 * - every key is used: it appears literally in the sources (a key built at run
 *   time must be listed literally where it is built);
 * - no Spanish (or any) words are left as literals in a component that is
 *   translated: every module that reads the catalogue (imports app/i18n/react),
 *   every route module of a page with a Catalan version, and the site's frame.
 *   JSX text, string children and the readable attributes (alt, title,
 *   aria-label, placeholder…) must come from the catalogue.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { placeholders } from "./icu.ts";
import ca from "./messages/ca.json" with { type: "json" };
import es from "./messages/es.json" with { type: "json" };
import { CATALAN_READY } from "./paths.ts";

const APP = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const catalogues: Record<string, Record<string, string>> = { es, ca };

function sourceFiles(): string[] {
  return readdirSync(APP, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/u.test(f) && !/\.test\.tsx?$/u.test(f) && !f.startsWith(`i18n${path.sep}messages`))
    .map((f) => path.join(APP, f));
}

/** Attributes a person reads or hears. */
const READABLE_ATTRIBUTES = new Set(["alt", "title", "aria-label", "aria-description", "placeholder", "label"]);
/** Words that are the same in every language: names of brands and services, units. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "WhatsApp",
  "Instagram",
  "Facebook",
  "TikTok",
  "Google",
  "Bizum",
  "€",
  "PDF",
  "SMS",
]);

/** Messages written the same in Spanish and Catalan on purpose (checked by a person). */
const SAME_IN_BOTH_LANGUAGES = new Set([
  "team.founder.certifications.nailArtTrainer", // "Formadora acreditada en nail art"
  "team.members.sofia.role", // "Artista de nail art"
  "checkout.billing.label.billingTaxId", // "NIF, NIE o CIF"
]);

/** The words of a message with letters in them, its {arguments} left out. */
const wordsOf = (message: string) =>
  message
    .replace(/\{[^{}]*\}/gu, " ")
    .split(/\s+/u)
    .filter((w) => /\p{L}/u.test(w));

/** The literal texts a person would read in one module's JSX, as "line: text". */
export function jsxLiterals(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.replace(/\s+/gu, " ").trim();
    if (!/\p{L}/u.test(trimmed) || SAME_IN_EVERY_LANGUAGE.has(trimmed)) return;
    found.push(`${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${trimmed}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      const e = node.expression;
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) report(e, e.text);
    } else if (ts.isJsxAttribute(node) && READABLE_ATTRIBUTES.has(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) report(init, init.text);
      else if (ts.isJsxExpression(init) && init.expression && ts.isStringLiteral(init.expression))
        report(init.expression, init.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The route modules of the pages with a Catalan version (from app/routes.ts). */
function readyRouteModules(): string[] {
  const routes = readFileSync(path.join(APP, "routes.ts"), "utf8");
  // page("/x", "routes/x.tsx"), and nestedPage/childPage (a layout page and its children).
  return [...routes.matchAll(/(?:page|nestedPage|childPage)\("([^"]+)", "([^"]+)"[,)]/gu)]
    .filter(([, spanish]) => CATALAN_READY.has(spanish as never))
    .map(([, , file]) => path.join(APP, file!));
}

describe("the catalogues", () => {
  it("have the same keys in Spanish and Catalan", () => {
    const esKeys = Object.keys(es).sort();
    const caKeys = Object.keys(ca).sort();
    expect(
      caKeys.filter((k) => !(k in es)),
      "in ca.json only",
    ).toEqual([]);
    expect(
      esKeys.filter((k) => !(k in ca)),
      "missing from ca.json",
    ).toEqual([]);
  });

  it("hold messages that parse, with the same arguments and tags in both languages", () => {
    const problems: string[] = [];
    for (const [key, message] of Object.entries(es)) {
      try {
        const a = placeholders(message);
        const other = (ca as Record<string, string>)[key];
        if (other === undefined) continue;
        const b = placeholders(other);
        if (JSON.stringify(a) !== JSON.stringify(b))
          problems.push(`${key}: es ${JSON.stringify(a)} ≠ ca ${JSON.stringify(b)}`);
      } catch (err) {
        problems.push(`${key}: ${(err as Error).message}`);
      }
    }
    for (const [key, message] of Object.entries(ca)) {
      try {
        placeholders(message);
      } catch (err) {
        problems.push(`ca ${key}: ${(err as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("hold no empty message and no Catalan message identical to a long Spanish one", () => {
    const problems: string[] = [];
    for (const [locale, messages] of Object.entries(catalogues)) {
      for (const [key, message] of Object.entries(messages)) if (!message.trim()) problems.push(`${locale} ${key}`);
    }
    // A sentence left untranslated: same text in both, with several words (names and short labels may match).
    for (const [key, message] of Object.entries(es)) {
      if (
        (ca as Record<string, string>)[key] === message &&
        wordsOf(message).length >= 4 &&
        !SAME_IN_BOTH_LANGUAGES.has(key)
      )
        problems.push(`untranslated ${key}: ${message}`);
    }
    expect(problems).toEqual([]);
  });

  it("are used: every key appears literally in the sources", () => {
    const sources = sourceFiles()
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const unused = Object.keys(es).filter(
      (key) => !new RegExp(`["'\`]${key.replaceAll(".", "\\.")}["'\`]`, "u").test(sources),
    );
    expect(unused).toEqual([]);
  });
});

describe("translated components", () => {
  it("flag the literals a person reads, and nothing else", () => {
    const found = jsxLiterals(
      "x.tsx",
      `export const A = () => <p title="Hola" className="a b">Texto {"más"} {t("x")} WhatsApp <b>{name}</b></p>;`,
    );
    expect(found).toEqual(["1: Hola", "1: Texto", "1: más"]);
  });

  it("hold no literal text: it comes from the catalogue", () => {
    const files = new Set<string>(readyRouteModules());
    for (const file of sourceFiles()) {
      if (!file.endsWith(".tsx")) continue;
      const source = readFileSync(file, "utf8");
      if (/from "~\/i18n\/react\.tsx"|from "\.\/react\.tsx"/u.test(source)) files.add(file);
    }
    expect(files.size).toBeGreaterThan(0);
    const offenders = [...files].flatMap((file) =>
      jsxLiterals(file, readFileSync(file, "utf8")).map((hit) => `${path.relative(APP, file)}:${hit}`),
    );
    expect(offenders).toEqual([]);
  });
});
