import { formatEuros } from "~/domain/pricing.ts";
import { useT } from "~/i18n/react.tsx";
import { editionDatesIn } from "./order-text.ts";

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
 * withdrawal) and Gestión's order detail show the same table in their own look,
 * with the words of the "orders" namespace (Gestión's layout sends it in Spanish).
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
  const t = useT();
  const staff = look === "staff";
  const num = staff ? "staff-table__num" : undefined;
  const table = (
    <table className={staff ? "staff-table" : "order-lines"}>
      <caption className={captionHidden ? "visually-hidden" : undefined}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("orders.lines.course")}</th>
          <th scope="col">{t("orders.lines.edition")}</th>
          <th scope="col" className={num}>
            {t("orders.lines.price")}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.id}>
            <th scope="row">{l.title}</th>
            <td>{editionDatesIn(t, l.editionStartsOn, l.editionEndsOn)}</td>
            <td className={num}>{formatEuros(l.priceCents)}</td>
          </tr>
        ))}
      </tbody>
      {totalCents === undefined ? null : (
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t("orders.lines.total")}
            </th>
            <td className={num}>{formatEuros(totalCents)}</td>
          </tr>
          {refundedCents > 0 ? (
            <tr>
              <th scope="row" colSpan={2}>
                {t("orders.lines.refunded")}
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
