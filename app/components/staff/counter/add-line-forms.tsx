import { Form } from "react-router";
import { formatEuros } from "~/domain/pricing.ts";

interface Choices {
  services: { id: string; name: string; price_cents: number }[];
  products: { id: string; name: string; price_cents: number; stock: number; allow_negative_stock: number }[];
  professionals: { id: string; name: string }[];
}

/** Add a service, a product (chosen or by its barcode: a scanner types it and presses Enter) or a free line. */
export function AddLineForms({ choices, busy }: { choices: Choices; busy: boolean }) {
  return (
    <div className="counter-add">
      <Form method="post" className="counter-form" aria-labelledby="caja-anadir-servicio">
        <h3 id="caja-anadir-servicio">Añadir un servicio</h3>
        <input type="hidden" name="intent" value="add-service" />
        <label htmlFor="caja-servicio">Servicio</label>
        <select id="caja-servicio" name="servicio" required>
          {choices.services.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} · {formatEuros(s.price_cents)}
            </option>
          ))}
        </select>
        <label htmlFor="caja-servicio-profesional">Profesional</label>
        <select id="caja-servicio-profesional" name="profesional" defaultValue="">
          <option value="">La de la venta</option>
          {choices.professionals.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <button type="submit" className="staff-button counter-touch" disabled={busy}>
          Añadir servicio
        </button>
      </Form>

      <Form method="post" className="counter-form" aria-labelledby="caja-anadir-producto">
        <h3 id="caja-anadir-producto">Añadir un producto</h3>
        <input type="hidden" name="intent" value="add-product" />
        {choices.products.length > 0 ? (
          <>
            <label htmlFor="caja-producto">Producto</label>
            <select id="caja-producto" name="producto" defaultValue="">
              <option value="">— Por código de barras —</option>
              {choices.products.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} · {formatEuros(p.price_cents)} · {p.stock} en existencias
                </option>
              ))}
            </select>
          </>
        ) : (
          <p className="staff-hint">No hay productos activos: añádelos en Productos.</p>
        )}
        <label htmlFor="caja-codigo">Código de barras</label>
        <input id="caja-codigo" name="codigo" autoComplete="off" inputMode="numeric" maxLength={64} />
        <label htmlFor="caja-unidades">Unidades</label>
        <input id="caja-unidades" name="unidades" type="number" min={1} max={99} defaultValue={1} inputMode="numeric" />
        <button type="submit" className="staff-button counter-touch" disabled={busy}>
          Añadir producto
        </button>
      </Form>

      <Form method="post" className="counter-form" aria-labelledby="caja-anadir-libre">
        <h3 id="caja-anadir-libre">Añadir una línea libre</h3>
        <input type="hidden" name="intent" value="add-manual" />
        <label htmlFor="caja-concepto">Concepto</label>
        <input id="caja-concepto" name="concepto" required maxLength={120} />
        <label htmlFor="caja-importe">Importe con IVA (€)</label>
        <input id="caja-importe" name="importe" required inputMode="decimal" />
        <label htmlFor="caja-iva">IVA</label>
        <select id="caja-iva" name="iva" defaultValue="2100">
          <option value="2100">21 %</option>
          <option value="1000">10 %</option>
          <option value="400">4 %</option>
        </select>
        <button type="submit" className="staff-button counter-touch" disabled={busy}>
          Añadir línea
        </button>
      </Form>
    </div>
  );
}
