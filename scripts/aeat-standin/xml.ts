/**
 * A small reader for XML that libxml2 has already validated (so it is
 * well-formed): elements by local name (prefixes dropped), their text and
 * children. Enough for the stand-in and its tests; not a general parser.
 */
export interface XmlElement {
  name: string;
  text: string;
  children: XmlElement[];
}

const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)(?:[\w.-]+:)?([\w.-]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;

function unescape(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The document's root element. Throws on unbalanced tags. */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: "#document", text: "", children: [] };
  const stack = [root];
  for (const m of xml.matchAll(TOKEN)) {
    const top = stack[stack.length - 1];
    const [, cdata, closing, name, , selfClosing, text] = m;
    if (cdata !== undefined) top.text += cdata;
    else if (text !== undefined) top.text += unescape(text);
    else if (name === undefined) continue;
    else if (closing === "/") {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      top.text = top.text.trim();
      stack.pop();
    } else {
      const element: XmlElement = { name, text: "", children: [] };
      top.children.push(element);
      if (selfClosing !== "/") stack.push(element);
    }
  }
  if (stack.length !== 1 || root.children.length !== 1) throw new Error("not one balanced root element");
  return root.children[0];
}

/** The first descendant along `path` (local names), or null. */
export function find(element: XmlElement, ...path: string[]): XmlElement | null {
  let at: XmlElement | undefined = element;
  for (const name of path) {
    at = at.children.find((c) => c.name === name);
    if (!at) return null;
  }
  return at;
}

/** The text at `path`, or "" when absent. */
export function textAt(element: XmlElement, ...path: string[]): string {
  return find(element, ...path)?.text ?? "";
}
