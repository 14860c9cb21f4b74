import { useRef, type RefObject } from "react";
import { Form, Link, useNavigation } from "react-router";
import { EMAIL_INTENT, RETURN_PARAM, type TicketRow, type TicketView } from "~/counter/ticket-page.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import ticketStylesHref from "~/styles/counter-ticket.css?url";
import type { Route } from "./+types/gestion.caja.ticket";
import { loadTicketPage, ticketAction } from "./gestion.caja.ticket.server.ts";

/** The ticket's print styles, for this page only (80 mm roll: app/styles/counter-ticket.css). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ticketStylesHref }];

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  pageMeta({
    title: loaderData?.invoiceNumber ? `Ticket ${loaderData.invoiceNumber} · Gestión` : "Ticket de caja · Gestión",
    description: "El ticket de una venta en caja, para imprimir o enviar por correo.",
    path: `/gestion/caja/ticket/${encodeURIComponent(params.saleId)}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadTicketPage(request, context, params.saleId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return ticketAction(request, context, params.saleId);
}

/**
 * Prints the ticket on a page exactly as long as it (80 mm wide): a roll printer then feeds no
 * blank paper after it. Chrome ignores the stylesheet's `size: 80mm auto` (the height must be a
 * length), so the length is measured here; printed with the browser's menu instead, the ticket
 * goes on the printer's own paper.
 */
function printTicket(ticket: RefObject<HTMLElement | null>) {
  const height = ticket.current?.getBoundingClientRect().height;
  if (height) {
    const mm = Math.ceil((height * 25.4) / 96) + 2;
    let style = document.getElementById("ticket-page-size");
    if (!style) {
      style = document.createElement("style");
      style.id = "ticket-page-size";
      document.head.append(style);
    }
    style.textContent = `@media print { @page { size: 80mm ${mm}mm; margin: 0; } }`;
  }
  window.print();
}

function Rows({ rows, className }: { rows: readonly TicketRow[]; className: string }) {
  return (
    <table className={className}>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className={row.strong ? "ticket__strong" : undefined}>
            <th scope="row">{row.label}</th>
            <td>{row.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The ticket itself, in the client's language: all its words come from the loader (ticket-view.server.ts). */
function TicketBlock({ view, ticketRef }: { view: TicketView; ticketRef: RefObject<HTMLElement | null> }) {
  const { qr } = view;
  return (
    <article className="ticket" lang={view.lang} aria-label={view.title} ref={ticketRef}>
      {qr ? (
        <figure className="ticket__qr">
          <figcaption>{qr.caption}</figcaption>
          <img
            src={qr.src}
            alt={qr.caption.replace(/:$/u, "")}
            style={{ width: `${qr.imageMm}mm`, height: `${qr.imageMm}mm`, margin: `${qr.marginMm}mm auto` }}
          />
          {qr.verifactu ? (
            <p className="ticket__legend">
              <strong>{qr.verifactu.mark}</strong> {qr.verifactu.legend}
            </p>
          ) : null}
        </figure>
      ) : null}
      {view.demoNotice ? <p className="ticket__demo">{view.demoNotice}</p> : null}
      <header className="ticket__shop">
        <p className="ticket__shop-name">{view.shop.name}</p>
        {view.shop.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </header>
      <h2 className="ticket__title">{view.title}</h2>
      <ul className="ticket__facts">
        {view.facts.map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
      {[view.seller, view.buyer, view.rectification].map((part) =>
        part ? (
          <section key={part.heading} className="ticket__part">
            <h3>{part.heading}</h3>
            {part.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </section>
        ) : null,
      )}
      <table className="ticket__lines">
        <thead>
          <tr>
            <th scope="col">{view.head.concept}</th>
            <th scope="col">{view.head.vat}</th>
            <th scope="col">{view.head.amount}</th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line, i) => (
            <tr key={i}>
              <td>
                {line.quantity ? <span className="ticket__qty">{line.quantity} </span> : null}
                {line.description}
                {line.detail ? <span className="ticket__detail">{line.detail}</span> : null}
              </td>
              <td>{line.vat}</td>
              <td>{line.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Rows rows={view.totals} className="ticket__sums" />
      <p className="ticket__vat-included">{view.vatIncluded}</p>
      {view.breakdown.rows.length > 1 ? (
        <table className="ticket__breakdown">
          <caption>{view.breakdown.heading}</caption>
          <thead>
            <tr>
              {view.breakdown.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.breakdown.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {view.notes.map((note) => (
        <p key={note} className="ticket__note">
          {note}
        </p>
      ))}
      {view.money.length > 0 ? (
        <section className="ticket__part">
          <h3>{view.moneyHeading}</h3>
          <Rows rows={view.money} className="ticket__sums" />
        </section>
      ) : null}
      <p className="ticket__thanks">{view.thanks}</p>
    </article>
  );
}

export default function CounterTicket({ loaderData: d, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error ?? null;
  const ticketRef = useRef<HTMLElement>(null);
  return (
    <section className="ticket-page">
      <div className="ticket-page__staff no-print">
        <p className="staff-cat__back">
          <Link to="/gestion/caja">← Volver a la caja</Link>
        </p>
        <h1>{d.returnId ? "Ticket de la devolución" : "Ticket de la venta"}</h1>
        {d.sent ? (
          <div className="form-alert form-alert--success" role="status">
            <p>Correo en cola: la factura en PDF saldrá hacia {d.emailTo} en unos segundos.</p>
          </div>
        ) : null}
        {error ? (
          <div className="form-alert form-alert--error" role="alert" id="ticket-email-error">
            <p>{error}</p>
          </div>
        ) : null}
        {d.view ? (
          <div className="ticket-page__actions">
            <button type="button" className="staff-button" onClick={() => printTicket(ticketRef)}>
              Imprimir ticket
            </button>
            {d.pdfHref ? (
              <a className="staff-button staff-button--secondary" href={d.pdfHref}>
                Descargar PDF
              </a>
            ) : null}
            {d.emailTo ? (
              <Form method="post" className="ticket-page__email">
                <input type="hidden" name="intent" value={EMAIL_INTENT} />
                <input type="hidden" name={RETURN_PARAM} value={d.returnId ?? ""} />
                <button
                  type="submit"
                  className="staff-button staff-button--secondary"
                  disabled={busy}
                  aria-describedby={error ? "ticket-email-error ticket-email-to" : "ticket-email-to"}
                >
                  {busy ? "Enviando…" : "Enviar por correo"}
                </button>
                <span id="ticket-email-to" className="ticket-page__hint">
                  La factura en PDF, a {d.emailTo}
                </span>
              </Form>
            ) : null}
          </div>
        ) : (
          <div className="form-alert form-alert--info" role="status">
            <p>
              La factura de esta venta aún no está emitida (faltan los datos fiscales del salón): el ticket se podrá
              imprimir en cuanto se emita.
            </p>
          </div>
        )}
        {d.saleTicketHref || d.returns.length > 0 ? (
          <ul className="ticket-page__others">
            {d.saleTicketHref ? (
              <li>
                <Link to={d.saleTicketHref}>Ticket de la venta</Link>
              </li>
            ) : null}
            {d.returns.map((r) => (
              <li key={r.href}>
                <Link to={r.href}>Ticket de la devolución {r.number}</Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {d.view ? <TicketBlock view={d.view} ticketRef={ticketRef} /> : null}
    </section>
  );
}
