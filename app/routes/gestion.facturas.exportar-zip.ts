import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { getServices } from "~/context.server.ts";
import { longerThanAYear, periodFileName } from "~/domain/invoice-period.ts";
import { invoicePdf } from "~/invoices/queries.server.ts";
import { staffInvoiceBatches, type StaffInvoiceRow } from "~/invoices/staff-queries.server.ts";
import { CSV_BOM, csvRow } from "~/lib/csv.ts";
import type { Route } from "./+types/gestion.facturas.exportar-zip";
import { INVOICE_CSV_HEADER, invoiceCsvCells, periodOfRequest } from "./gestion.facturas.server.ts";

/** Said (400) when the period is longer than the ZIP allows. */
const ZIP_TOO_LONG =
  "El ZIP de facturas abarca como mucho un año. Elige un trimestre, un mes, un año o unas fechas más cercanas.";

/** Invoices rendered per database batch: one PDF is in memory at a time, a batch's rows are small. */
const BATCH_SIZE = 50;

/**
 * GET /gestion/facturas/exportar.zip?periodo=2026-T4: every PDF of the period
 * plus the gestor's CSV, streamed. Each pull renders the next PDF and adds it
 * stored as is (PDFs are already compressed), so memory holds one PDF and one
 * batch of rows, plus the CSV text, which goes in last. A period longer than a
 * year is refused. Inside the staff layout, whose middleware guards it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger } = getServices(context);
  const { period } = periodOfRequest(request);
  if (longerThanAYear(period)) {
    return new Response(ZIP_TOO_LONG, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const batches = staffInvoiceBatches(db, period, { batchSize: BATCH_SIZE });
  // The first batch before answering: a database failure is still a proper 500.
  const first = await batches.next();
  let pending: StaffInvoiceRow[] = first.done ? [] : first.value;
  let noMoreBatches = Boolean(first.done);
  let csv = CSV_BOM + csvRow(INVOICE_CSV_HEADER);
  let ended = false;
  let emitted = 0;
  const zip = new Zip();

  const nextRow = async (): Promise<StaffInvoiceRow | undefined> => {
    if (pending.length === 0 && !noMoreBatches) {
      const next = await batches.next();
      if (next.done) noMoreBatches = true;
      else pending = next.value;
    }
    return pending.shift();
  };

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      zip.ondata = (err, chunk, final) => {
        if (err) {
          controller.error(err);
          return;
        }
        emitted += 1;
        controller.enqueue(chunk);
        if (final) controller.close();
      };
    },
    async pull(controller) {
      try {
        // A pull must hand out something, or the stream would wait for ever.
        const before = emitted;
        while (emitted === before && !ended) {
          const row = await nextRow();
          if (!row) {
            const entry = new ZipDeflate(periodFileName(period, "csv"), { level: 6 });
            zip.add(entry);
            entry.push(new TextEncoder().encode(csv), true);
            ended = true;
            zip.end();
            return;
          }
          csv += csvRow(invoiceCsvCells(row));
          const file = await invoicePdf(db, row.id);
          if (!file) continue;
          const entry = new ZipPassThrough(file.fileName);
          entry.mtime = new Date(`${row.issueDate}T12:00:00Z`);
          zip.add(entry);
          entry.push(new Uint8Array(file.pdf), true);
        }
      } catch (err) {
        logger.error({ err }, "staff: invoice ZIP export failed midway");
        zip.terminate();
        controller.error(err);
      }
    },
    async cancel() {
      zip.terminate();
      await batches.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${periodFileName(period, "zip")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
