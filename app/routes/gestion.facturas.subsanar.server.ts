/**
 * /gestion/facturas/:invoiceId/subsanar (owner only): the confirmation step of
 * the subsanación of the invoice's record the AEAT rejected — what will be
 * sent and what happens — and the POST that makes it
 * (app/invoices/subsanacion.server.ts). Works without JS; the POST names the
 * record confirmed, so a second click finds it already subsanado and changes
 * nothing. CSRF: the server's Origin check covers every POST (server/csrf.ts).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { requireOwner } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { aeatMessage } from "~/domain/aeat-status.ts";
import { SUBSANACION_REFUSALS, subsanacionDecision, type SubsanacionRefusal } from "~/domain/subsanacion.ts";
import { invoicingOf } from "~/invoices/issue.server.ts";
import { latestRecordOf, subsanacionContent, subsanarRecord } from "~/invoices/subsanacion.server.ts";
import { actorOf } from "./gestion.cursos.nuevo.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

/** The notice /gestion/facturas shows after a subsanación. */
export const SUBSANACION_NOTICE_PARAM = "subsanacion";

const notFound = () => data("Factura no encontrada", { status: 404 });

function invoicingConfig(context: Ctx) {
  const invoicing = invoicingOf(getServices(context).config);
  if (!invoicing) throw new Error("invoicing is not configured");
  return invoicing;
}

/** Where to go back: the list on the invoice's issue day, with the notice. */
function listOf(issueDate: string, notice?: string): string {
  const query = new URLSearchParams({ desde: issueDate, hasta: issueDate });
  if (notice) query.set("aviso", notice);
  return `/gestion/facturas?${query.toString()}`;
}

export async function loadSubsanacionPage(context: Ctx, invoiceId: string) {
  requireOwner(context);
  if (!UUID.test(invoiceId)) throw notFound();
  const { db } = getServices(context);
  const config = invoicingConfig(context);
  const [record, content] = await Promise.all([
    latestRecordOf(db, invoiceId),
    subsanacionContent(db, invoiceId, config),
  ]);
  if (!record || !content) throw notFound();
  const decision = subsanacionDecision(record.state, config.verifactuMode);
  const refusal: SubsanacionRefusal | null =
    decision.kind === "refused" ? decision.reason : decision.kind === "done" ? "not-rejected" : null;
  return {
    invoiceId,
    invoiceNumber: record.invoiceNumber,
    position: record.position,
    aeatMessage: aeatMessage({ state: "rejected", code: record.code, description: record.description, sentAt: null }),
    refusal: refusal ? SUBSANACION_REFUSALS[refusal] : null,
    back: listOf(content.issueDate),
    sent: {
      issuerNif: content.issuerNif,
      issuerName: content.issuerName,
      issueDate: content.issueDate,
      kind: content.kind,
      totalCents: content.totalCents,
      buyer: content.buyer,
    },
  };
}

/** POST: subsana the record named in the form (`position`), then back to the list. */
export async function subsanacionAction(request: Request, context: Ctx, invoiceId: string) {
  requireOwner(context);
  if (!UUID.test(invoiceId)) throw notFound();
  const form = await request.formData();
  const position = Number(form.get("position"));
  if (!Number.isSafeInteger(position) || position < 1) {
    return data({ error: "La confirmación no es válida. Vuelve a la factura y confírmalo de nuevo." }, 400);
  }
  const services = getServices(context);
  const result = await subsanarRecord(services.db, actorOf(context), {
    invoiceId,
    position,
    config: invoicingConfig(context),
  });
  if (!result.ok) {
    if (result.reason === "not-found") throw notFound();
    return data({ error: SUBSANACION_REFUSALS[result.reason] }, 409);
  }
  if (result.created) {
    services.jobs?.kick();
    services.logger.info(
      { invoiceId, rejected: position, record: result.position, staffId: actorOf(context).id },
      "VERI*FACTU: registro rechazado subsanado",
    );
  }
  const invoice = await services.db
    .selectFrom("invoices")
    .select("issue_date")
    .where("id", "=", invoiceId)
    .executeTakeFirstOrThrow();
  throw redirect(listOf(invoice.issue_date, SUBSANACION_NOTICE_PARAM));
}
