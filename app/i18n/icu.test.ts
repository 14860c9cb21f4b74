import { describe, expect, it } from "vitest";
import { formatNodes, formatText, MessageSyntaxError, parseMessage, placeholders } from "./icu.ts";

describe("formatText", () => {
  it("fills arguments and leaves a missing one visible", () => {
    expect(formatText("es", "Hola, {name}:", { name: "Laia" })).toBe("Hola, Laia:");
    expect(formatText("ca", "Hola, {name}:")).toBe("Hola, {name}:");
  });

  it("chooses the plural branch by the language's rules, exact values first, # as the number", () => {
    const m = "{n, plural, =0 {Cap curs} one {# curs} other {# cursos}}";
    expect(formatText("ca", m, { n: 0 })).toBe("Cap curs");
    expect(formatText("ca", m, { n: 1 })).toBe("1 curs");
    expect(formatText("ca", m, { n: 12 })).toBe("12 cursos");
  });

  it("chooses a select branch, other when none matches", () => {
    const m = "{kind, select, course {la formació} deposit {la senyal} other {la compra}}";
    expect(formatText("ca", m, { kind: "deposit" })).toBe("la senyal");
    expect(formatText("ca", m, { kind: "gift" })).toBe("la compra");
  });

  it("reads apostrophes as text, '' as one and a quoted brace as a brace", () => {
    expect(formatText("ca", "L’estudi d'ungles")).toBe("L’estudi d'ungles");
    expect(formatText("es", "It''s '{literal}' {x}", { x: 1 })).toBe("It's {literal} 1");
  });

  it("keeps only the text of tags in plain text, and hands tags to the React layer as parts", () => {
    expect(formatText("ca", "Llegeix la <link>política de privacitat</link>.")).toBe(
      "Llegeix la política de privacitat.",
    );
    expect(formatNodes("ca", parseMessage("A <b>{n} €</b> avui"), { n: 5 })).toEqual([
      "A ",
      { tag: "b", children: ["5 €"] },
      " avui",
    ]);
    // Tags may have any name, "end" and "brace" included.
    expect(formatText("ca", "De <end>dilluns</end> a <brace>dijous</brace>")).toBe("De dilluns a dijous");
  });
});

describe("parseMessage", () => {
  it.each([
    ["{name", "expected , or }"],
    ["{n, plural, one {x}}", "other"],
    ["{n, number}", "unknown argument type"],
    ["<b>text", "unclosed message"],
    ["text}", "unexpected }"],
    ["a </b>", "unexpected closing tag"],
  ])("refuses %s", (source, message) => {
    expect(() => parseMessage(source)).toThrow(MessageSyntaxError);
    expect(() => parseMessage(source)).toThrow(message);
  });
});

describe("placeholders", () => {
  it("lists arguments and tags, nested ones included", () => {
    expect(placeholders("{n, plural, one {<b>#</b> de {who}} other {# de {who}}} {when}")).toEqual({
      args: ["n", "when", "who"],
      tags: ["b"],
    });
  });
});
