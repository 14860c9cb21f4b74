import { describe, expect, it } from "vitest";
import { auditChanges } from "./audit-diff.ts";

const json = (v: unknown) => JSON.stringify(v);

describe("audit changes", () => {
  it("lists only the fields that changed, labelled, with readable values", () => {
    expect(auditChanges(json({ email: "a@x.es", role: "staff" }), json({ email: "a@x.es", role: "owner" }))).toEqual([
      { field: "role", label: "Rol", before: "Equipo", after: "Propietaria" },
    ]);
    expect(auditChanges(json({ priceCents: 28000 }), json({ priceCents: 29500 }), "course")).toEqual([
      { field: "priceCents", label: "Precio", before: "280,00\u00a0€", after: "295,00\u00a0€" },
    ]);
  });

  it("shows a creation and a deletion with the one side they have, never a dash for the other", () => {
    expect(auditChanges(null, json({ email: "a@x.es", emailed: true }))).toEqual([
      { field: "email", label: "Correo", after: "a@x.es" },
      { field: "emailed", label: "Enviada por correo", after: "Sí" },
    ]);
    expect(auditChanges(json({ role: "staff" }), null)).toEqual([{ field: "role", label: "Rol", before: "Equipo" }]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it("shows a refund as the order before and the refund after, each on its own", () => {
    const changes = auditChanges(
      json({ status: "paid", totalCents: 29500, refundedCents: 0, pendingRefundCents: 0 }),
      json({
        refundId: "0a1b2c3d-0000-4000-8000-000000000000",
        amountCents: 10000,
        reason: "customer-request",
        refundStatus: "pending",
      }),
      "order",
    );
    expect(changes).toEqual([
      { field: "status", label: "Estado", before: "Completado" },
      { field: "totalCents", label: "Total", before: "295,00\u00a0€" },
      { field: "refundedCents", label: "Reembolsado", before: "0,00\u00a0€" },
      { field: "pendingRefundCents", label: "Reembolso en curso", before: "0,00\u00a0€" },
      { field: "refundId", label: "Reembolso", after: "0A1B2C3D" },
      { field: "amountCents", label: "Importe", after: "100,00\u00a0€" },
      { field: "reason", label: "Motivo", after: "A petición de la alumna" },
      { field: "refundStatus", label: "Estado del reembolso", after: "En curso" },
    ]);
    expect(changes.some((c) => c.before === "—" || c.after === "—")).toBe(false);
  });

  it("keeps a cleared value as a dash: the field was recorded on both sides", () => {
    expect(auditChanges(json({ note: "Llamar antes" }), json({ note: null }))).toEqual([
      { field: "note", label: "Nota", before: "Llamar antes", after: "—" },
    ]);
  });

  it("opens one level of nested settings", () => {
    expect(
      auditChanges(
        json({ mode: "site", rules: { cancelHours: 24, holdMinutes: 20 } }),
        json({ mode: "site", rules: { cancelHours: 48, holdMinutes: 20 } }),
      ),
    ).toEqual([{ field: "rules.cancelHours", label: "Plazo para cancelar (horas)", before: "24", after: "48" }]);
  });

  it("compares lists and non-object records, and survives malformed JSON", () => {
    expect(auditChanges(json({ tags: [1, 2] }), json({ tags: [1, 2] }))).toEqual([]);
    expect(auditChanges(json({ tags: [1] }), json({ tags: [1, 2] }))).toEqual([
      { field: "tags", label: "tags", before: "1", after: "1, 2" },
    ]);
    expect(auditChanges("3", "4")).toEqual([{ field: "valor", label: "Valor", before: "3", after: "4" }]);
    expect(auditChanges("{roto", null)).toEqual([{ field: "valor", label: "Valor", before: "{roto" }]);
  });
});
