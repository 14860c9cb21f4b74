/**
 * A small ICU MessageFormat reader for the site's catalogues (app/i18n/messages):
 * arguments `{name}`, `{n, plural, =0 {…} one {…} other {…}}` with `#`,
 * `{x, select, a {…} other {…}}`, and tags `<link>…</link>` that the React
 * layer turns into elements (t.rich). Apostrophes are plain text except `''`
 * (one apostrophe) and `'{'`/`'}'` (a literal brace), as ICU has it.
 *
 * A catalogue is data a translator edits, so a message that does not parse is
 * a build error (the catalogue check in npm test parses every message) and, at
 * run time, shows its key rather than failing the page.
 *
 * Pure: no React, no Intl at module level (plural rules are made on first use).
 */
import { elideCatalanDays } from "./catalan-elision.ts";

export type MessageValue = string | number;
export type MessageValues = Readonly<Record<string, MessageValue>>;

/** A parsed message: text, arguments, plural and select branches, tags. */
export type MessageNode =
  | { type: "text"; value: string }
  | { type: "arg"; name: string }
  | { type: "pound" }
  | { type: "plural"; name: string; options: Record<string, MessageNode[]> }
  | { type: "select"; name: string; options: Record<string, MessageNode[]> }
  | { type: "tag"; name: string; children: MessageNode[] };

export class MessageSyntaxError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/u;
/** Where a run of nodes stops, besides a tag's name: never a name a tag can have. */
const END = "<end of message>";
const BRACE = "<end of branch>";

/** Parses one message; throws MessageSyntaxError with the position on a malformed one. */
export function parseMessage(source: string): MessageNode[] {
  let at = 0;
  const fail = (what: string): never => {
    throw new MessageSyntaxError(`${what} at ${at} in «${source}»`);
  };
  const skipSpaces = () => {
    while (at < source.length && /\s/u.test(source[at]!)) at++;
  };
  const name = (): string => {
    const m = NAME.exec(source.slice(at));
    if (!m) return fail("expected a name");
    at += m[0].length;
    return m[0];
  };
  /** Nodes up to `}` (inside a branch), `</` (inside a tag) or the end (sentinels no tag name can be). */
  const nodes = (inPlural: boolean, closing: typeof END | typeof BRACE | string): MessageNode[] => {
    const out: MessageNode[] = [];
    let text = "";
    const flush = () => {
      if (text) out.push({ type: "text", value: text });
      text = "";
    };
    while (at < source.length) {
      const c = source[at]!;
      if (c === "'") {
        const next = source[at + 1];
        if (next === "'") {
          text += "'";
          at += 2;
          continue;
        }
        if (next === "{" || next === "}" || next === "#" || next === "<") {
          const end = source.indexOf("'", at + 1);
          if (end < 0) return fail("unclosed quote");
          text += source.slice(at + 1, end);
          at = end + 1;
          continue;
        }
        text += c;
        at++;
        continue;
      }
      if (c === "}") {
        if (closing !== BRACE) return fail("unexpected }");
        break;
      }
      if (c === "<" && source[at + 1] === "/") {
        if (closing === END || closing === BRACE) return fail("unexpected closing tag");
        break;
      }
      if (c === "<" && NAME.test(source.slice(at + 1))) {
        flush();
        at++;
        const tag = name();
        if (source[at] !== ">") return fail("expected >");
        at++;
        const children = nodes(inPlural, tag);
        const close = `</${tag}>`;
        if (!source.startsWith(close, at)) return fail(`expected ${close}`);
        at += close.length;
        out.push({ type: "tag", name: tag, children });
        continue;
      }
      if (c === "#" && inPlural) {
        flush();
        out.push({ type: "pound" });
        at++;
        continue;
      }
      if (c === "{") {
        flush();
        at++;
        out.push(argument());
        continue;
      }
      text += c;
      at++;
    }
    if (closing !== END && at >= source.length) fail("unclosed message");
    flush();
    return out;
  };
  const argument = (): MessageNode => {
    skipSpaces();
    const arg = name();
    skipSpaces();
    if (source[at] === "}") {
      at++;
      return { type: "arg", name: arg };
    }
    if (source[at] !== ",") return fail("expected , or }");
    at++;
    skipSpaces();
    const kind = name();
    if (kind !== "plural" && kind !== "select") return fail(`unknown argument type ${kind}`);
    skipSpaces();
    if (source[at] !== ",") return fail("expected ,");
    at++;
    const options: Record<string, MessageNode[]> = {};
    for (;;) {
      skipSpaces();
      if (source[at] === "}") {
        at++;
        break;
      }
      const m = /^(=\d+|[A-Za-z_][A-Za-z0-9_-]*)/u.exec(source.slice(at));
      if (!m) return fail("expected a branch name");
      at += m[0].length;
      skipSpaces();
      if (source[at] !== "{") return fail("expected {");
      at++;
      options[m[0]] = nodes(kind === "plural", BRACE);
      at++; // the branch's }
    }
    if (!options.other) return fail(`${kind} without an other branch`);
    return { type: kind, name: arg, options };
  };
  const result = nodes(false, END);
  return result;
}

const parsed = new Map<string, MessageNode[]>();

/** The parsed message, kept (a catalogue is a few hundred messages). */
export function compiled(source: string): MessageNode[] {
  let nodes = parsed.get(source);
  if (!nodes) {
    nodes = parseMessage(source);
    parsed.set(source, nodes);
  }
  return nodes;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, n: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(n);
}

/** A formatted message: strings, and tags with their formatted children. */
export type MessagePart = string | { tag: string; children: MessagePart[] };

/** Formats parsed nodes; a missing argument shows as `{name}` (visible, never a crash). */
export function formatNodes(
  locale: string,
  nodes: readonly MessageNode[],
  values: MessageValues = {},
  count?: number,
): MessagePart[] {
  const out: MessagePart[] = [];
  const push = (part: MessagePart) => {
    const last = out.at(-1);
    if (typeof part === "string" && typeof last === "string") out[out.length - 1] = last + part;
    else if (part !== "") out.push(part);
  };
  for (const node of nodes) {
    switch (node.type) {
      case "text":
        push(node.value);
        break;
      case "pound":
        push(count === undefined ? "#" : String(count));
        break;
      case "arg": {
        const v = values[node.name];
        push(v === undefined ? `{${node.name}}` : String(v));
        break;
      }
      case "plural": {
        const v = Number(values[node.name]);
        const branch =
          node.options[`=${v}`] ??
          node.options[Number.isFinite(v) ? pluralCategory(locale, v) : "other"] ??
          node.options.other!;
        for (const p of formatNodes(locale, branch, values, v)) push(p);
        break;
      }
      case "select": {
        const v = values[node.name];
        const branch = (v !== undefined && node.options[String(v)]) || node.options.other!;
        for (const p of formatNodes(locale, branch, values, count)) push(p);
        break;
      }
      case "tag":
        push({ tag: node.name, children: formatNodes(locale, node.children, values, count) });
        break;
    }
  }
  return locale === "ca" ? out.map((p) => (typeof p === "string" ? elideCatalanDays(p) : p)) : out;
}

/** The message as plain text (tags keep only their text). */
export function formatText(locale: string, source: string, values?: MessageValues): string {
  const flat = (parts: MessagePart[]): string =>
    parts.map((p) => (typeof p === "string" ? p : flat(p.children))).join("");
  return flat(formatNodes(locale, compiled(source), values));
}

/** The names of a message's arguments and tags (the catalogue check holds both languages to the same ones). */
export function placeholders(source: string): { args: string[]; tags: string[] } {
  const args = new Set<string>();
  const tags = new Set<string>();
  const walk = (nodes: readonly MessageNode[]) => {
    for (const n of nodes) {
      if (n.type === "arg" || n.type === "plural" || n.type === "select") args.add(n.name);
      if (n.type === "plural" || n.type === "select") for (const b of Object.values(n.options)) walk(b);
      if (n.type === "tag") {
        tags.add(n.name);
        walk(n.children);
      }
    }
  };
  walk(parseMessage(source));
  return { args: [...args].sort(), tags: [...tags].sort() };
}
