import { Form } from "react-router";

interface ClientView {
  clientName: string | null;
  clientEmail: string | null;
  billing: Record<string, string> | null;
}

const BILLING: [name: string, label: string, key: string][] = [
  ["billingName", "Nombre o razón social", "name"],
  ["billingTaxId", "NIF", "taxId"],
  ["billingAddress", "Dirección", "address"],
  ["billingPostalCode", "Código postal", "postalCode"],
  ["billingCity", "Población", "city"],
];

/** The client: her name, her email (the invoice is emailed to it) and, for a factura completa, her tax details. */
export function ClientForm({ sale, busy }: { sale: ClientView; busy: boolean }) {
  return (
    <Form method="post" className="counter-form" aria-labelledby="caja-clienta">
      <h2 id="caja-clienta">Clienta</h2>
      <input type="hidden" name="intent" value="client" />
      <label htmlFor="caja-nombre">Nombre</label>
      <input id="caja-nombre" name="nombre" maxLength={120} defaultValue={sale.clientName ?? ""} autoComplete="off" />
      <label htmlFor="caja-email">Correo (recibe la factura)</label>
      <input
        id="caja-email"
        name="email"
        type="email"
        maxLength={120}
        defaultValue={sale.clientEmail ?? ""}
        autoComplete="off"
      />
      <details open={Boolean(sale.billing)}>
        <summary className="counter-touch">Factura completa con sus datos fiscales</summary>
        <label className="staff-check">
          <input type="checkbox" name="facturaCompleta" value="1" defaultChecked={Boolean(sale.billing)} />
          <span>Quiere factura completa</span>
        </label>
        {BILLING.map(([name, label, key]) => (
          <span key={name} className="counter-form__field">
            <label htmlFor={`caja-${name}`}>{label}</label>
            <input
              id={`caja-${name}`}
              name={name}
              maxLength={200}
              defaultValue={sale.billing?.[key] ?? ""}
              autoComplete="off"
            />
          </span>
        ))}
      </details>
      <button type="submit" className="staff-button staff-button--secondary counter-touch" disabled={busy}>
        Guardar clienta
      </button>
    </Form>
  );
}
