import { editionDatesText } from "~/domain/edition-dates.ts";
import { formatEuros } from "~/domain/pricing.ts";

export interface OrderLine {
  id: string;
  title: string;
  priceCents: number;
  editionStartsOn: string | null;
  editionEndsOn: string | null;
}

/**
 * The courses of an order: course, edition dates and price, with the total
 * (and what was refunded) when given. The buyer's pages (payment outcome,
 * withdrawal) and Gestión's order detail show the same table in their own look.
 */
export function OrderLinesTable({
  lines,
  caption,
  captionHidden = false,
  look,
  totalCents,
  refundedCents = 0,
}: {
  lines: readonly OrderLine[];
  caption: string;
  /** Named for screen readers only, where a heading above already says what the table is. */
  captionHidden?: boolean;
  look: "customer" | "staff";
  totalCents?: number;
  refundedCents?: number;
}) {
  const staff = look === "staff";
  const num = staff ? "staff-table__num" : undefined;
  const table = (
    <table className={staff ? "staff-table" : "order-lines"}>
      <caption className={captionHidden ? "visually-hidden" : undefined}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Curso</th>
          <th scope="col">Convocatoria</th>
          <th scope="col" className={num}>
            Precio
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.id}>
            <th scope="row">{l.title}</th>
            <td>{editionDatesText(l.editionStartsOn, l.editionEndsOn)}</td>
            <td className={num}>{formatEuros(l.priceCents)}</td>
          </tr>
        ))}
      </tbody>
      {totalCents === undefined ? null : (
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className={num}>{formatEuros(totalCents)}</td>
          </tr>
          {refundedCents > 0 ? (
            <tr>
              <th scope="row" colSpan={2}>
                Reembolsado
              </th>
              <td className={num}>−{formatEuros(refundedCents)}</td>
            </tr>
          ) : null}
        </tfoot>
      )}
    </table>
  );
  return staff ? <div className="table-scroll">{table}</div> : table;
}
