import type { ReactNode } from "react";
import { Link } from "react-router";
import type { OrderView } from "~/orders/queries.server.ts";
import { formatEuros, formatLongDate } from "~/domain/pricing.ts";
import type { MessageKey } from "~/i18n/messages.ts";
import { useLocale, useLocalHref, useT } from "~/i18n/react.tsx";
import { paymentMethodNameIn } from "../checkout/payment-method-texts.ts";
import { DemoBadge, StatusBadge } from "../status-badge.tsx";

function invoiceLinkLabel(inv: { kind: string; demo: boolean }): MessageKey {
  const refund = inv.kind === "R4" || inv.kind === "R5";
  // A demo sale's document is no invoice (app/invoices/series.ts): never called one.
  if (inv.demo) return refund ? "account.purchases.invoice.demoRefund" : "account.purchases.invoice.demo";
  return refund ? "account.purchases.invoice.rectification" : "account.purchases.invoice.invoice";
}

/** Per order: "open" shows «Desistir del contrato», "done" says it was requested. */
type WithdrawalState = "open" | "done" | "none";

/** A cell named after its column (`data-label`), for the phone's card layout. */
function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td data-label={label} className={className}>
      {children}
    </td>
  );
}

/**
 * "Historial de compras" tab: every order of the buyer with its status badge. On a phone each
 * order becomes a card and every cell carries its column's name (`data-label`, as the legal
 * pages' tables do), so the amount and the invoices are never off to the right.
 */
export function ProfilePurchases({
  orders,
  withdrawal = {},
}: {
  orders: OrderView[];
  withdrawal?: Record<string, WithdrawalState>;
}) {
  const t = useT();
  const locale = useLocale();
  const href = useLocalHref();
  if (orders.length === 0) {
    return (
      <div className="profile-empty">
        <p>{t("account.purchases.empty")}</p>
        <Link className="btn" to={href("/formaciones")}>
          {t("account.courses.browse")}
        </Link>
      </div>
    );
  }
  const col = {
    date: t("account.purchases.col.date"),
    courses: t("account.purchases.col.courses"),
    method: t("account.purchases.col.method"),
    amount: t("account.purchases.col.amount"),
    status: t("account.purchases.col.status"),
    invoices: t("account.purchases.col.invoices"),
  };
  return (
    <div className="table-scroll">
      <table className="purchases">
        <caption className="visually-hidden">{t("account.purchases.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{col.date}</th>
            <th scope="col">{col.courses}</th>
            <th scope="col">{col.method}</th>
            <th scope="col" className="num">
              {col.amount}
            </th>
            <th scope="col">{col.status}</th>
            <th scope="col">{col.invoices}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => {
            const courses = o.items.map((i) => i.title).join(", ");
            return (
              <tr key={o.id}>
                <Cell label={col.date}>{formatLongDate(o.createdAt, locale)}</Cell>
                <Cell label={col.courses}>{courses || "—"}</Cell>
                <Cell label={col.method}>{paymentMethodNameIn(t, o.paymentMethod)}</Cell>
                <Cell label={col.amount} className="num">
                  {formatEuros(o.totalCents)}
                  {o.refundedCents > 0 && o.refundedCents < o.totalCents ? (
                    <>
                      <br />
                      <small>{t("account.purchases.refunded", { amount: formatEuros(o.refundedCents) })}</small>
                    </>
                  ) : null}
                </Cell>
                <Cell label={col.status}>
                  <StatusBadge status={o.status} amounts={o} />
                  <DemoBadge demo={o.demo} />
                  {withdrawal[o.id] === "open" ? (
                    <>
                      <br />
                      <Link
                        className="btn"
                        to={href(`/perfil/compras/${o.id}/desistir`)}
                        aria-label={t("account.purchases.withdrawLabel", { courses })}
                      >
                        {t("account.purchases.withdraw")}
                      </Link>
                    </>
                  ) : withdrawal[o.id] === "done" ? (
                    <>
                      <br />
                      <small>{t("account.purchases.withdrawn")}</small>
                    </>
                  ) : null}
                </Cell>
                <Cell label={col.invoices}>
                  {o.invoices.length === 0 ? (
                    "—"
                  ) : (
                    <ul className="purchases__invoices">
                      {o.invoices.map((inv) => (
                        <li key={inv.id}>
                          {/* One address in both languages: the document is in the order's language. */}
                          <a href={`/perfil/compras/facturas/${inv.id}`} download>
                            {t(invoiceLinkLabel(inv), { number: inv.number })}
                            {inv.demo ? <small> {t("account.purchases.invoice.noTaxValue")}</small> : null}
                            <span className="visually-hidden"> {t("account.purchases.invoice.pdf")}</span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </Cell>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
