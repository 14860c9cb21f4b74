import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  auditEntityIdText,
  auditEntityLabel,
  auditFieldLabel,
  auditInstantText,
  auditValueText,
} from "./audit-text.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every non-test .ts/.tsx source under app/ and scripts/. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(full);
    return /\.tsx?$/u.test(entry.name) && !/\.test\.tsx?$/u.test(entry.name) ? [full] : [];
  });
}

const CODE = /^[a-z][a-z-]*\.[a-z][a-z_-]*$/u;

/** The codes written in `action: …` (literals, ternaries alike), and any `action:` built from a template. */
function writtenActions() {
  const codes = new Map<string, string>();
  const templates: string[] = [];
  for (const file of [...sources(path.join(root, "app")), ...sources(path.join(root, "scripts"))]) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/\baction:\s*([^,\n}]+)/gu)) {
      const expr = match[1]!;
      if (expr.includes("`")) templates.push(`${path.relative(root, file)}: ${expr.trim()}`);
      for (const literal of expr.matchAll(/"([^"]*)"|'([^']*)'/gu)) {
        const code = literal[1] ?? literal[2] ?? "";
        if (CODE.test(code)) codes.set(code, path.relative(root, file));
      }
    }
  }
  return { codes, templates };
}

describe("audit action labels", () => {
  const { codes, templates } = writtenActions();

  it("finds the codes the app writes", () => {
    expect(codes.size).toBeGreaterThan(30);
    expect([...codes.keys()]).toEqual(expect.arrayContaining(["order.refund", "course.update", "staff.remove"]));
  });

  it("has a Spanish label for every action code written anywhere in the app", () => {
    const missing = [...codes].filter(([code]) => !Object.hasOwn(AUDIT_ACTION_LABELS, code));
    expect(missing, "add these codes to AUDIT_ACTION_LABELS (app/domain/audit-text.ts)").toEqual([]);
  });

  it("writes every action code out in full, so this test can see it", () => {
    expect(templates, 'write `action: cond ? "a.b" : "a.c"` instead of a template').toEqual([]);
  });

  it("labels no code that is no longer written", () => {
    const unused = Object.keys(AUDIT_ACTION_LABELS).filter((code) => !codes.has(code));
    expect(unused).toEqual([]);
  });

  it("reads in Spanish, sentence case, and falls back to the stored code", () => {
    expect(auditActionLabel("order.refund")).toBe("Reembolso de pedido");
    expect(auditActionLabel("course.update")).toBe("Curso editado");
    expect(auditActionLabel("old.thing")).toBe("old.thing");
    expect(auditActionLabel("__proto__")).toBe("__proto__");
    for (const label of Object.values(AUDIT_ACTION_LABELS)) expect(label).toMatch(/^\p{Lu}[^A-Z]*$/u);
  });
});

describe("audit records and fields", () => {
  it("names record kinds and fields, unknown ones as stored", () => {
    expect(auditEntityLabel("order")).toBe("Pedido");
    expect(auditEntityLabel("staff_invitation")).toBe("Invitación");
    expect(auditEntityLabel("prueba")).toBe("prueba");
    expect(auditFieldLabel("priceCents")).toBe("Precio");
    expect(auditFieldLabel("rules.cancelHours")).toBe("Plazo para cancelar (horas)");
    expect(auditFieldLabel("price")).toBe("price");
    expect(auditFieldLabel("notify.sale")).toBe("Aviso: Ventas");
    expect(auditFieldLabel("notify.address")).toBe("Correo de los avisos");
    expect(auditFieldLabel("notify.otro")).toBe("notify.otro");
  });

  it("shows generated ids and orders short, slugs and emails whole", () => {
    expect(auditEntityIdText("order", "3f2a9c1e-0000-4000-8000-000000000000")).toBe("3F2A9C1E");
    expect(auditEntityIdText("appointment", "ab12cd34-0000-4000-8000-000000000000")).toBe("AB12CD34");
    expect(auditEntityIdText("course", "formacion-inicio")).toBe("formacion-inicio");
    expect(auditEntityIdText("staff_invitation", "ana@example.com")).toBe("ana@example.com");
  });
});

describe("audit values", () => {
  it("writes cents as euros, only in money fields", () => {
    expect(auditValueText("priceCents", 29500)).toBe("295,00\u00a0€");
    expect(auditValueText("amountCents", 123456)).toBe("1.234,56\u00a0€");
    expect(auditValueText("seats", 6)).toBe("6");
  });

  it("writes instants in Madrid's time, short, and calendar days as days", () => {
    expect(auditInstantText("2026-11-30T09:15:00.000Z")).toBe("30 nov 2026, 10:15");
    expect(auditValueText("startsAt", "2026-07-01T08:05:00Z")).toBe("1 jul 2026, 10:05");
    expect(auditValueText("startsOn", "2026-09-14")).toBe("14 sept 2026");
    expect(auditInstantText("no es una fecha")).toBe("no es una fecha");
  });

  it("writes booleans, roles, states, reasons and choices by name", () => {
    expect(auditValueText("published", true)).toBe("Sí");
    expect(auditValueText("emailed", false)).toBe("No");
    expect(auditValueText("role", "owner")).toBe("Propietaria");
    expect(auditValueText("status", "paid", "order")).toBe("Completado");
    expect(auditValueText("status", "no_show", "appointment")).toBe("No se presentó");
    expect(auditValueText("status", "cancelled", "edition")).toBe("Cancelada");
    expect(auditValueText("status", "removed", "waitlist")).toBe("Quitada");
    expect(auditValueText("status", "raro", "edition")).toBe("raro");
    expect(auditValueText("reason", "customer-request", "order")).toBe("A petición de la alumna");
    expect(auditValueText("reason", "Vacaciones", "time-off")).toBe("Vacaciones");
    expect(auditValueText("refundStatus", "pending", "order")).toBe("En curso");
    expect(auditValueText("vatTreatment", "exempt")).toBe("Exento");
    expect(auditValueText("mode", "external")).toBe("En una página externa");
  });

  it("joins lists, writes weekly hours, and keeps long values short", () => {
    expect(auditValueText("serviceIds", ["manicura", "pedicura"])).toBe("manicura, pedicura");
    expect(auditValueText("serviceIds", [])).toBe("Ninguno");
    expect(
      auditValueText("hours", [
        { weekday: 1, startMin: 600, endMin: 840 },
        { weekday: 6, startMin: 570, endMin: 780 },
      ]),
    ).toBe("lun 10:00–14:00, sáb 09:30–13:00");
    expect(auditValueText("description", "x".repeat(1000))).toHaveLength(300);
    expect(auditValueText("note", "")).toBe("—");
    expect(auditValueText("note", null)).toBe("—");
    expect(auditValueText("extra", { a: 1 })).toBe('{"a":1}');
  });
});
