/**
 * A CSV download streamed batch by batch (the staff's order and invoice
 * exports): the BOM and header first, then each batch as the database gives
 * it, so memory holds one batch. The first batch is read before answering, so
 * a database failure is still a proper 500; a failure midway is logged and ends
 * the download with an error.
 */
import type { Logger } from "./logger.server.ts";
import { CSV_BOM, CSV_CONTENT_TYPE, csvRow, type CsvCell } from "./csv.ts";

export async function csvStreamResponse<T>(input: {
  batches: AsyncGenerator<T[], unknown, unknown>;
  header: readonly CsvCell[];
  cells: (row: T) => CsvCell[];
  fileName: string;
  logger: Logger;
  /** For the log line when the export fails midway. */
  what: string;
}): Promise<Response> {
  const { batches, header, cells, logger } = input;
  const first = await batches.next();
  const encoder = new TextEncoder();
  const rows = (batch: T[]) => batch.map((r) => csvRow(cells(r))).join("");
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(header) + (first.done ? "" : rows(first.value))));
      if (first.done) controller.close();
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(rows(next.value)));
      } catch (err) {
        logger.error({ err }, `staff: ${input.what} export failed midway`);
        controller.error(err);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${input.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
