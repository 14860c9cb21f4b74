/**
 * A small, strict XML reader for the records' own XML (record-xml.ts): one pass
 * over the text, no validation pass before it, so the chain's check reads a
 * hundred thousand records in seconds. It gives the shape a general parser
 * gives with namespace prefixes removed and attributes ignored: an element with
 * only text is its trimmed text (entities decoded), an element with children an
 * object of them, a name repeated among siblings an array. Anything that is not
 * well-formed (a tag closed out of order or never, a second root, text outside
 * the root, a DOCTYPE, a stray "<" or "&") throws. Pure.
 */

export type XmlNode = { [name: string]: XmlValue };
type XmlValue = XmlNode | string | XmlValue[];

export class XmlSyntaxError extends Error {}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decode(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&([^;&\s]*);|&/gu, (whole: string, name: string | undefined) => {
    if (name === undefined) throw new XmlSyntaxError("a stray '&'");
    const named = ENTITIES[name];
    if (named !== undefined) return named;
    const m = /^#(?:x([0-9a-f]+)|([0-9]+))$/iu.exec(name);
    if (!m) throw new XmlSyntaxError(`unknown entity ${whole}`);
    const code = m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]);
    if (code > 0x10ffff) throw new XmlSyntaxError(`bad character reference ${whole}`);
    return String.fromCodePoint(code);
  });
}

const localName = (qname: string) => qname.slice(qname.indexOf(":") + 1);

interface Frame {
  name: string;
  children: XmlNode | null;
  text: string;
}

function add(parent: Frame, name: string, value: XmlValue, repeated: WeakSet<XmlValue[]>) {
  const children = (parent.children ??= {});
  const prev = children[name];
  if (prev === undefined) children[name] = value;
  else if (Array.isArray(prev) && repeated.has(prev)) prev.push(value);
  else {
    const list = [prev, value];
    repeated.add(list);
    children[name] = list;
  }
}

/** The document as nested objects keyed by local name (the root element's name at the top). */
export function parseXmlTree(xml: string): XmlNode {
  const top: Frame = { name: "", children: null, text: "" };
  const stack: Frame[] = [top];
  const repeated = new WeakSet<XmlValue[]>();
  let roots = 0;
  let i = 0;
  const n = xml.length;
  while (i < n) {
    const lt = xml.indexOf("<", i);
    const end = lt === -1 ? n : lt;
    if (end > i) {
      const text = xml.slice(i, end);
      if (stack.length === 1) {
        if (text.trim()) throw new XmlSyntaxError("text outside the root element");
      } else stack[stack.length - 1]!.text += decode(text);
    }
    if (lt === -1) break;
    if (xml.startsWith("<?", lt)) {
      const close = xml.indexOf("?>", lt + 2);
      if (close === -1) throw new XmlSyntaxError("unterminated processing instruction");
      i = close + 2;
    } else if (xml.startsWith("<!--", lt)) {
      const close = xml.indexOf("-->", lt + 4);
      if (close === -1) throw new XmlSyntaxError("unterminated comment");
      i = close + 3;
    } else if (xml.startsWith("<![CDATA[", lt)) {
      const close = xml.indexOf("]]>", lt + 9);
      if (close === -1 || stack.length === 1) throw new XmlSyntaxError("misplaced CDATA section");
      stack[stack.length - 1]!.text += xml.slice(lt + 9, close);
      i = close + 3;
    } else if (xml.startsWith("<!", lt)) {
      throw new XmlSyntaxError("a DOCTYPE or declaration is not accepted");
    } else {
      // A tag: find its end outside quoted attribute values.
      let j = lt + 1;
      let quote = "";
      for (; j < n; j++) {
        const c = xml[j]!;
        if (quote) {
          if (c === quote) quote = "";
        } else if (c === '"' || c === "'") quote = c;
        else if (c === ">") break;
        else if (c === "<") throw new XmlSyntaxError("'<' inside a tag");
      }
      if (j >= n) throw new XmlSyntaxError("unterminated tag");
      const body = xml.slice(lt + 1, j);
      i = j + 1;
      if (body.startsWith("/")) {
        const name = body.slice(1).trim();
        const frame = stack.pop();
        if (!frame || stack.length === 0 || frame.name !== name) {
          throw new XmlSyntaxError(`</${name}> closes ${frame?.name ? `<${frame.name}>` : "nothing"}`);
        }
        add(stack[stack.length - 1]!, localName(name), frame.children ?? frame.text.trim(), repeated);
        continue;
      }
      const selfClosing = body.endsWith("/");
      const m = /^([A-Za-z_][\w.:-]*)(\s[^]*)?$/u.exec(selfClosing ? body.slice(0, -1) : body);
      if (!m) throw new XmlSyntaxError(`malformed tag <${body.slice(0, 40)}>`);
      if (stack.length === 1 && ++roots > 1) throw new XmlSyntaxError("more than one root element");
      if (selfClosing) add(stack[stack.length - 1]!, localName(m[1]!), "", repeated);
      else stack.push({ name: m[1]!, children: null, text: "" });
    }
  }
  if (stack.length > 1) throw new XmlSyntaxError(`<${stack[stack.length - 1]!.name}> is never closed`);
  if (roots === 0) throw new XmlSyntaxError("no root element");
  return top.children ?? {};
}
