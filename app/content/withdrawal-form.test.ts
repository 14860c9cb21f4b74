import { describe, expect, it } from "vitest";
import { site } from "./site.ts";
import { withdrawalForm, withdrawalFormText, WITHDRAWAL_FORM_LINES, WITHDRAWAL_FORM_TITLE } from "./withdrawal-form.ts";

const es = withdrawalForm("es");
const ca = withdrawalForm("ca");

describe("the model withdrawal form (Annex B TRLGDCU)", () => {
  it("reads in Spanish as the annex, the salon's data filled in", () => {
    expect(es.title).toBe("Modelo de formulario de desistimiento");
    expect(es.intro).toBe("Solo debe cumplimentar y enviar el presente formulario si desea desistir del contrato.");
    expect(es.lines).toEqual([
      `A la atención de ${site.name}, ${site.address.full}, correo electrónico ${site.email}:`,
      "Por la presente le comunico/comunicamos (*) que desisto de mi/desistimos de nuestro (*) contrato de prestación del siguiente servicio: formación (indique el curso y, si lo tiene, el número de pedido).",
      "Pedido el (fecha de la compra):",
      "Nombre del consumidor o de los consumidores:",
      "Domicilio del consumidor o de los consumidores:",
      "Firma del consumidor o de los consumidores (solo si el presente formulario se presenta en papel):",
      "Fecha:",
      "(*) Táchese lo que no proceda.",
    ]);
    expect(WITHDRAWAL_FORM_TITLE).toBe(es.title);
    expect(WITHDRAWAL_FORM_LINES).toEqual(es.lines);
  });

  it("reads in Catalan as its natural equivalent, line for line", () => {
    expect(ca.title).toBe("Model de formulari de desistiment");
    expect(ca.intro).toBe("Només heu d’emplenar i enviar aquest formulari si voleu desistir del contracte.");
    expect(ca.lines).toEqual([
      `A l’atenció de l’empresa ${site.name}, ${site.address.full}, correu electrònic ${site.email}:`,
      "Per la present us comunico/comuniquem (*) que desisteixo del meu/desistim del nostre (*) contracte de prestació del servei següent: formació (indiqueu el curs i, si en teniu, el número de comanda).",
      "Comanda feta el (data de la compra):",
      "Nom del consumidor o dels consumidors:",
      "Domicili del consumidor o dels consumidors:",
      "Signatura del consumidor o dels consumidors (només si aquest formulari es presenta en paper):",
      "Data:",
      "(*) Ratlleu el que no escaigui.",
    ]);
  });

  it("keeps the same substance in both: lines, parts to strike out, blanks and data", () => {
    expect(ca.lines).toHaveLength(es.lines.length);
    es.lines.forEach((line, i) => {
      const other = ca.lines[i]!;
      const count = (text: string, part: string) => text.split(part).length - 1;
      expect(count(other, "(*)"), `line ${i + 1}`).toBe(count(line, "(*)"));
      expect(count(other, "/"), `line ${i + 1}`).toBe(count(line, "/"));
      expect(other.endsWith(":"), `line ${i + 1}`).toBe(line.endsWith(":"));
      for (const data of [site.name, site.address.full, site.email])
        expect(other.includes(data)).toBe(line.includes(data));
    });
    expect(withdrawalFormText("ca").split("\n")).toEqual([ca.title, ca.intro, ...ca.lines]);
    expect(withdrawalFormText()).toBe([es.title, es.intro, ...es.lines].join("\n"));
  });
});
