/**
 * The owner's notice of billing records the AEAT rejected (outbox template
 * "salon-aeat-rejected", enqueued by the VERI*FACTU sender in the transaction
 * that stored the answer): which invoices, the AEAT's code and message, and
 * how a rejection is corrected. Sent to the notices' address
 * (notice-layout.server.ts).
 */
import type { Db } from "~/db/db.server.ts";
import type { EmailTemplate } from "~/mail/email-jobs.server.ts";
import { buildNotice, noticeAddress } from "./notice-layout.server.ts";
import { SALON_AEAT_REJECTED } from "./notifications.server.ts";

/** What the owner is told to do: correct the cause, then "Subsanar y reenviar" in Facturas (docs/invoicing.md). */
export const SUBSANACION_TEXT =
  "Para corregirlo, corrige primero la causa que indica la AEAT (normalmente los datos fiscales de la empresa, en Datos fiscales, o los de facturación de la clienta) y después, en Gestión > Facturas, pulsa «Subsanar y reenviar» en la factura: la web genera un nuevo registro de la misma factura marcado como subsanación (Subsanacion y RechazoPrevio «S») y lo envía a la AEAT. Si lo que está mal es el NIF del emisor, el número, la fecha o un importe, no se subsana: consulta con la gestoría.";

async function rejectedRecords(db: Db, positions: number[]) {
  if (positions.length === 0) return [];
  return db
    .selectFrom("billing_record_status as s")
    .innerJoin("billing_records as r", "r.position", "s.position")
    .select(["r.invoice_number", "s.code", "s.description"])
    .where("s.position", "in", positions)
    .where("s.state", "=", "rejected")
    .orderBy("r.position")
    .execute();
}

/** The payload's record positions ("8,9"). */
function positionsOf(payload: Record<string, unknown>): number[] {
  const list = typeof payload.positions === "string" ? payload.positions.split(",") : [];
  return list.map(Number).filter((p) => Number.isSafeInteger(p) && p > 0);
}

function aeatRejectedTemplate(to: string | undefined): EmailTemplate {
  return {
    async render(ctx, payload) {
      const address = await noticeAddress(ctx.db, to);
      const records = await rejectedRecords(ctx.db, positionsOf(payload));
      if (!address || records.length === 0) return null;
      const n = records.length;
      const numbers = records.map((r) => r.invoice_number);
      return buildNotice(
        {
          title: n === 1 ? "La AEAT ha rechazado una factura" : `La AEAT ha rechazado ${n} facturas`,
          subject: `VERI*FACTU: la AEAT ha rechazado ${n === 1 ? "la factura" : "las facturas"} ${numbers.join(", ")}`,
          intro: `La AEAT ha rechazado ${n === 1 ? "el registro de facturación" : `${n} registros de facturación`} que se le envió: ${n === 1 ? "esa factura no consta registrada" : "esas facturas no constan registradas"}. ${SUBSANACION_TEXT}`,
          facts: records.map((r) => [
            r.invoice_number,
            [r.code, r.description].filter(Boolean).join(": ") || "Sin mensaje de la AEAT",
          ]),
        },
        address,
        {
          url: `${ctx.publicUrl}/gestion/facturas`,
          label: "Ver las facturas en gestión",
          textLabel: "Ver las facturas",
        },
      );
    },
  };
}

export function aeatNoticeTemplates(to: string | undefined): Record<string, EmailTemplate> {
  return { [SALON_AEAT_REJECTED]: aeatRejectedTemplate(to) };
}
