import { Form } from "react-router";
import { centsToEurosInput } from "~/domain/euros.ts";
import { formatEuros } from "~/domain/pricing.ts";

export interface SaleLineView {
  id: string;
  kind: string;
  description: string;
  quantity: number;
  listPriceCents: number;
  unitPriceCents: number;
  priceReason: string | null;
  discountCents: number;
  discountReason: string | null;
  professionalId: string | null;
  netCents: number;
  returnable: number;
}

const KIND_LABEL: Record<string, string> = { service: "Servicio", product: "Producto", manual: "Otro" };

/** The sale's lines; on a draft each has its own small form (units, price and reason, discount and reason, professional). */
export function SaleLines({
  lines,
  editable,
  professionals,
  busy,
}: {
  lines: SaleLineView[];
  editable: boolean;
  professionals: { id: string; name: string }[];
  busy: boolean;
}) {
  if (lines.length === 0) return <p>Todavía no hay líneas: añade un servicio, un producto o una línea libre.</p>;
  return (
    <ul className="counter-lines">
      {lines.map((line) => (
        <li key={line.id} className="counter-line">
          <div className="counter-line__head">
            <span>
              <span className="staff-hint">{KIND_LABEL[line.kind] ?? line.kind} · </span>
              <strong>{line.description}</strong>
              {line.quantity > 1 ? ` × ${line.quantity}` : null}
            </span>
            <span className="counter-line__amount">{formatEuros(line.netCents)}</span>
          </div>
          {line.unitPriceCents !== line.listPriceCents ? (
            <p className="staff-hint">
              Precio de carta {formatEuros(line.listPriceCents)}, cobrado {formatEuros(line.unitPriceCents)}:{" "}
              {line.priceReason}
            </p>
          ) : null}
          {line.discountCents > 0 ? (
            <p className="staff-hint">
              Descuento {formatEuros(line.discountCents)}: {line.discountReason}
            </p>
          ) : null}
          {editable ? <LineEditor line={line} professionals={professionals} busy={busy} /> : null}
        </li>
      ))}
    </ul>
  );
}

function LineEditor({
  line,
  professionals,
  busy,
}: {
  line: SaleLineView;
  professionals: { id: string; name: string }[];
  busy: boolean;
}) {
  const id = (name: string) => `linea-${line.id}-${name}`;
  return (
    <details className="counter-line__edit">
      <summary className="counter-touch">
        Cambiar<span className="visually-hidden"> {line.description}</span>
      </summary>
      <Form method="post" className="counter-form">
        <input type="hidden" name="intent" value="update-line" />
        <input type="hidden" name="linea" value={line.id} />
        <label htmlFor={id("unidades")}>Unidades</label>
        <input
          id={id("unidades")}
          name="unidades"
          type="number"
          min={1}
          max={99}
          defaultValue={line.quantity}
          inputMode="numeric"
        />
        <label htmlFor={id("precio")}>Precio por unidad (€)</label>
        <input
          id={id("precio")}
          name="precio"
          inputMode="decimal"
          defaultValue={centsToEurosInput(line.unitPriceCents)}
        />
        <label htmlFor={id("motivoPrecio")}>Motivo del cambio de precio</label>
        <input id={id("motivoPrecio")} name="motivoPrecio" maxLength={120} defaultValue={line.priceReason ?? ""} />
        <label htmlFor={id("descuento")}>Descuento en la línea (€)</label>
        <input
          id={id("descuento")}
          name="descuento"
          inputMode="decimal"
          defaultValue={line.discountCents ? centsToEurosInput(line.discountCents) : ""}
        />
        <label htmlFor={id("motivoDescuento")}>Motivo del descuento</label>
        <input
          id={id("motivoDescuento")}
          name="motivoDescuento"
          maxLength={120}
          defaultValue={line.discountReason ?? ""}
        />
        <label htmlFor={id("profesional")}>Profesional</label>
        <select id={id("profesional")} name="profesional" defaultValue={line.professionalId ?? ""}>
          <option value="">Sin profesional</option>
          {professionals.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <button type="submit" className="staff-button counter-touch" disabled={busy}>
          Guardar la línea
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="remove-line" />
        <input type="hidden" name="linea" value={line.id} />
        <button type="submit" className="staff-button staff-button--secondary counter-touch" disabled={busy}>
          Quitar<span className="visually-hidden"> {line.description}</span> de la venta
        </button>
      </Form>
    </details>
  );
}
