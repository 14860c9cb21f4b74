import { describe, expect, it } from "vitest";
import {
  editionCatalanValues,
  parseEditionForm,
  parseServiceFormWithCatalan,
  serviceCatalanValues,
} from "./catalan-form.ts";

const edition = {
  startsOn: "2027-02-08",
  endsOn: "2027-02-10",
  schedule: "Lunes a miércoles, 10:00–14:00",
  seats: "8",
};

const service = {
  values: {
    name: "Manicura semipermanente",
    category: "manos",
    description: "Dura hasta tres semanas.",
    duration: "45",
    buffer: "10",
    price: "25",
    deposit: "",
    bookableOnline: "on",
    active: "on",
  },
  lists: { professionals: ["alejandra"] },
};

describe("parseEditionForm", () => {
  it("keeps the Catalan schedule on one line, trimmed, beside the Spanish fields", () => {
    const parsed = parseEditionForm({ ...edition, scheduleCa: "  Dilluns a dimecres,\n 10:00–14:00 " });
    expect(parsed).toEqual({
      ok: true,
      input: {
        startsOn: "2027-02-08",
        endsOn: "2027-02-10",
        schedule: "Lunes a miércoles, 10:00–14:00",
        scheduleCa: "Dilluns a dimecres, 10:00–14:00",
        seats: 8,
      },
    });
  });

  it("reads an empty or missing Catalan schedule as not written (null)", () => {
    expect(parseEditionForm({ ...edition, scheduleCa: "   " })).toMatchObject({
      ok: true,
      input: { scheduleCa: null },
    });
    expect(parseEditionForm(edition)).toMatchObject({ ok: true, input: { scheduleCa: null } });
  });

  it("refuses a Catalan schedule past the Spanish one's limit, with every other error at once", () => {
    const parsed = parseEditionForm({ ...edition, seats: "0", scheduleCa: "x".repeat(201) });
    expect(parsed).toMatchObject({
      ok: false,
      errors: {
        seats: "Escribe el número de plazas, un número entero entre 1 y 500",
        scheduleCa: "El horario admite como mucho 200 caracteres",
      },
      values: { scheduleCa: "x".repeat(201) },
    });
    expect(parseEditionForm({ ...edition, scheduleCa: "x".repeat(200) }).ok).toBe(true);
  });

  it("shows a stored edition's Catalan schedule in its field, empty when not written", () => {
    expect(editionCatalanValues({ scheduleCa: "Dilluns, 10:00–14:00" })).toEqual({
      scheduleCa: "Dilluns, 10:00–14:00",
    });
    expect(editionCatalanValues({ scheduleCa: null })).toEqual({ scheduleCa: "" });
  });
});

describe("parseServiceFormWithCatalan", () => {
  it("keeps the Catalan name on one line and the description's lines, trimmed", () => {
    const parsed = parseServiceFormWithCatalan({
      ...service,
      values: {
        ...service.values,
        nameCa: "  Manicura   amb esmalt semipermanent ",
        descriptionCa: " Dura fins a tres setmanes.\r\nRetirada inclosa. ",
      },
    });
    expect(parsed).toMatchObject({
      ok: true,
      input: {
        name: "Manicura semipermanente",
        nameCa: "Manicura amb esmalt semipermanent",
        descriptionCa: "Dura fins a tres setmanes.\nRetirada inclosa.",
        priceCents: 2500,
        professionalIds: ["alejandra"],
      },
    });
  });

  it("reads empty Catalan texts as not written (null)", () => {
    const parsed = parseServiceFormWithCatalan({
      ...service,
      values: { ...service.values, nameCa: "", descriptionCa: " " },
    });
    expect(parsed).toMatchObject({ ok: true, input: { nameCa: null, descriptionCa: null } });
    expect(parseServiceFormWithCatalan(service)).toMatchObject({
      ok: true,
      input: { nameCa: null, descriptionCa: null },
    });
  });

  it("refuses Catalan texts past the Spanish limits, with the Spanish fields' errors too", () => {
    const parsed = parseServiceFormWithCatalan({
      ...service,
      values: { ...service.values, name: "", nameCa: "x".repeat(81), descriptionCa: "x".repeat(601) },
    });
    expect(parsed).toMatchObject({
      ok: false,
      errors: {
        name: "Escribe el nombre del servicio",
        nameCa: "El nombre admite como mucho 80 caracteres",
        descriptionCa: "La descripción admite como mucho 600 caracteres",
      },
      values: { nameCa: "x".repeat(81) },
      lists: { professionals: ["alejandra"] },
    });
    const spanishOnly = parseServiceFormWithCatalan({ ...service, values: { ...service.values, price: "" } });
    expect(spanishOnly.ok).toBe(false);
    expect(spanishOnly.ok ? {} : Object.keys(spanishOnly.errors)).toEqual(["price"]);
  });

  it("shows a stored service's Catalan texts in its fields, empty when not written", () => {
    expect(serviceCatalanValues({ nameCa: "Pedicura", descriptionCa: null })).toEqual({
      nameCa: "Pedicura",
      descriptionCa: "",
    });
  });
});
