import { describe, expect, it } from "vitest";
import { aeatMessage, aeatModeNotice, aeatStatusLabel, type AeatStatus } from "./aeat-status.ts";

const status = (over: Partial<AeatStatus>): AeatStatus => ({
  state: "pending",
  code: null,
  description: null,
  sentAt: null,
  ...over,
});

describe("aeatStatusLabel", () => {
  it("names every state in Spanish", () => {
    expect(aeatStatusLabel(null)).toEqual({ label: "No enviado (modo desarrollo)", tone: "neutral" });
    expect(aeatStatusLabel(status({})).label).toBe("Pendiente");
    expect(aeatStatusLabel(status({ sentAt: "2026-11-28T10:00:00.000Z" })).label).toBe("Enviado");
    expect(aeatStatusLabel(status({ state: "sent" })).label).toBe("Enviado");
    expect(aeatStatusLabel(status({ state: "accepted" }))).toEqual({ label: "Aceptado", tone: "ok" });
    expect(aeatStatusLabel(status({ state: "accepted-with-errors" }))).toEqual({
      label: "Aceptado con errores",
      tone: "warning",
    });
    expect(aeatStatusLabel(status({ state: "rejected" }))).toEqual({ label: "Rechazado", tone: "error" });
    expect(aeatStatusLabel(status({ state: "corrected" }))).toEqual({ label: "Subsanado", tone: "neutral" });
  });
});

describe("aeatMessage", () => {
  it("shows the code and description of errors and rejections only", () => {
    const rejected = status({ state: "rejected", code: "1100", description: "Valor o tipo incorrecto del campo: NIF" });
    expect(aeatMessage(rejected)).toBe("1100: Valor o tipo incorrecto del campo: NIF");
    expect(aeatMessage(status({ state: "accepted-with-errors", code: "2000" }))).toBe("2000");
    expect(aeatMessage(status({ state: "accepted", code: "3000", description: "Registro duplicado" }))).toBeNull();
    expect(aeatMessage(status({ state: "rejected" }))).toBeNull();
    expect(aeatMessage(null)).toBeNull();
  });
});

describe("aeatModeNotice", () => {
  it("says when nothing is sent, and which environment otherwise", () => {
    expect(aeatModeNotice("off").text).toBe(
      "El envío a la AEAT está desactivado (VERIFACTU_MODE=off): los registros no se envían. Solo para desarrollo.",
    );
    expect(aeatModeNotice("verifactu-test").text).toContain("entorno de pruebas");
    expect(aeatModeNotice("verifactu")).toMatchObject({ tone: "info" });
    expect(aeatModeNotice("verifactu").text).toContain("producción");
  });
});
