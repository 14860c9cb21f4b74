import { describe, expect, it } from "vitest";
import { csvAmount, csvCell, csvDate, csvDateTime, csvDocument, csvFileName, csvRow } from "./csv.ts";

describe("csvCell", () => {
  it("writes plain text as is and empty values as nothing", () => {
    expect(csvCell("Uñas acrílicas")).toBe("Uñas acrílicas");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("quotes cells holding the separator, quotes or line breaks, doubling inner quotes", () => {
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell('dice "hola"')).toBe('"dice ""hola"""');
    expect(csvCell("línea 1\nlínea 2")).toBe('"línea 1\nlínea 2"');
    expect(csvCell("x\r\ny")).toBe('"x\r\ny"');
    expect(csvCell(" espacio ")).toBe('" espacio "');
    // A comma is not our separator: no quotes needed.
    expect(csvCell("1,5")).toBe("1,5");
  });

  it("neutralises cells that a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+34 600")).toBe("'+34 600");
    expect(csvCell("-1+1")).toBe("'-1+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    // Only the first character matters.
    expect(csvCell("a=1")).toBe("a=1");
  });

  it("writes numbers with a decimal comma and amounts untouched", () => {
    expect(csvCell(3)).toBe("3");
    expect(csvCell(2.5)).toBe("2,5");
    expect(csvCell(csvAmount(-500))).toBe("-5,00");
    expect(csvCell(true)).toBe("Sí");
    expect(csvCell(false)).toBe("No");
  });
});

describe("csvAmount", () => {
  it("turns cents into euros with a decimal comma and no thousands mark", () => {
    expect(csvAmount(127950).csvNumber).toBe("1279,50");
    expect(csvAmount(0).csvNumber).toBe("0,00");
    expect(csvAmount(5).csvNumber).toBe("0,05");
    expect(csvAmount(123456789).csvNumber).toBe("1234567,89");
    expect(csvAmount(-1).csvNumber).toBe("-0,01");
  });
});

describe("rows and documents", () => {
  it("joins cells with ; and ends every line with CRLF", () => {
    expect(csvRow(["a", 1, csvAmount(1050), null])).toBe("a;1;10,50;\r\n");
  });

  it("starts with a UTF-8 byte order mark, then the header", () => {
    const doc = csvDocument(
      ["Nombre", "Importe (€)"],
      [
        ["Ana", csvAmount(28000)],
        ["=cmd", csvAmount(1)],
      ],
    );
    expect(doc).toBe("\uFEFFNombre;Importe (€)\r\nAna;280,00\r\n'=cmd;0,01\r\n");
    expect(new TextEncoder().encode(doc).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});

describe("dates", () => {
  it("shows instants in Madrid time as dd/mm/yyyy hh:mm, winter and summer", () => {
    expect(csvDateTime("2027-01-12T13:05:00.000Z")).toBe("12/01/2027 14:05");
    expect(csvDateTime("2027-07-01T22:30:00.000Z")).toBe("02/07/2027 00:30");
    expect(csvDateTime("2026-12-31T23:30:00Z")).toBe("01/01/2027 00:30");
    expect(csvDateTime(null)).toBe("");
    expect(csvDateTime("no es una fecha")).toBe("");
  });

  it("shows calendar dates as dd/mm/yyyy without shifting them", () => {
    expect(csvDate("2027-02-09")).toBe("09/02/2027");
    expect(csvDate("2027-03-27T23:30:00.000Z")).toBe("28/03/2027");
    expect(csvDate(null)).toBe("");
  });
});

describe("csvFileName", () => {
  it("keeps only safe characters", () => {
    expect(csvFileName("alumnos Uñas acrílicas 2027-02-09")).toBe("alumnos-unas-acrilicas-2027-02-09.csv");
    expect(csvFileName('../"x"\r\n')).toBe("x.csv");
    expect(csvFileName("***")).toBe("export.csv");
  });
});
