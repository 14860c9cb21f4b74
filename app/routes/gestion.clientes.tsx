import { Form, Link, useNavigation } from "react-router";
import type { ClientVisit } from "~/bookings/diary-detail.server.ts";
import { FilterInput } from "~/components/staff/filter-fields.tsx";
import { formatDateTime } from "~/components/staff/format.ts";
import { appointmentStatusLabel, CLIENT_NOTES_MAX } from "~/components/staff/diary/labels.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { formatAppointmentTime } from "~/domain/salon-time.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.clientes";
import { clientCardAction, loadClientCard } from "./gestion.clientes.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Ficha de clienta · Gestión",
    description: "Visitas, ausencias y notas de una clienta del salón.",
    path: "/gestion/clientes",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadClientCard(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return clientCardAction(request, context);
}

function Visits({ visits, caption }: { visits: ClientVisit[]; caption: string }) {
  if (visits.length === 0) return <p className="staff-hint">Ninguna.</p>;
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Cuándo</th>
          <th scope="col">Servicios</th>
          <th scope="col">Profesional</th>
          <th scope="col">Estado</th>
          <th scope="col" className="staff-table__num">
            Precio
          </th>
        </tr>
      </thead>
      <tbody>
        {visits.map((v) => (
          <tr key={v.id}>
            <td>
              <Link to={`/gestion/agenda/${v.id}`}>{formatAppointmentTime(Date.parse(v.startsAt))}</Link>
            </td>
            <td>{v.services.join(", ")}</td>
            <td>{v.professionalName}</td>
            <td>{appointmentStatusLabel(v.status)}</td>
            <td className="staff-table__num">{formatEuros(v.priceCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function ClientCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, error, card, saved } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="staff-section">
      <p className="staff-breadcrumb">
        <Link to="/gestion/agenda">← Agenda</Link>
      </p>
      <h1>{card ? `Ficha de ${card.name || card.email}` : "Ficha de clienta"}</h1>
      <Form method="get" className="staff-filters" role="search" aria-label="Buscar clienta">
        <FilterInput
          id="cliente-email"
          label="Email de la clienta"
          wide
          name="email"
          type="email"
          defaultValue={email}
          maxLength={254}
          required
        />
        <div className="staff-filters__actions">
          <button type="submit" className="staff-button staff-button--secondary">
            Buscar
          </button>
        </div>
      </Form>
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {saved ? (
        <p className="form-alert form-alert--success" role="status">
          Notas guardadas.
        </p>
      ) : null}
      {card ? (
        <>
          <dl className="staff-facts">
            <dt>Nombre</dt>
            <dd>{card.name || "—"}</dd>
            <dt>Teléfono</dt>
            <dd>{card.phone ? <a href={`tel:${card.phone.replace(/[^\d+]/gu, "")}`}>{card.phone}</a> : "—"}</dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${card.email}`}>{card.email}</a>
            </dd>
            <dt>Cuenta en la web</dt>
            <dd>{card.account ? `Sí (${card.account.name || "sin nombre"})` : "No"}</dd>
            <dt>No se presentó</dt>
            <dd>{card.noShows === 0 ? "Nunca" : `${card.noShows} ${card.noShows === 1 ? "vez" : "veces"}`}</dd>
          </dl>
          <p>
            <Link className="staff-button" to={`/gestion/agenda/nueva?${new URLSearchParams({ cliente: card.email })}`}>
              Nueva cita para esta clienta
            </Link>
          </p>
          <section aria-labelledby="proximas">
            <h2 id="proximas">Próximas citas</h2>
            <Visits visits={card.upcoming} caption="Próximas citas" />
          </section>
          <section aria-labelledby="anteriores">
            <h2 id="anteriores">Citas anteriores y canceladas</h2>
            <Visits visits={card.past} caption="Citas anteriores y canceladas" />
          </section>
          <section aria-labelledby="notas">
            <h2 id="notas">Notas del salón</h2>
            <Form method="post" className="staff-form">
              <input type="hidden" name="intent" value="notes" />
              {actionData?.error ? (
                <p className="form-alert form-alert--error" role="alert" id="notas-error">
                  {actionData.error}
                </p>
              ) : null}
              <div className="field">
                <label htmlFor="f-notas">Notas (solo las ve el equipo)</label>
                <textarea
                  id="f-notas"
                  name="notas"
                  rows={6}
                  maxLength={CLIENT_NOTES_MAX}
                  defaultValue={actionData?.notes ?? card.notes?.notes ?? ""}
                  aria-describedby={actionData?.error ? "notas-error" : card.notes ? "notas-hint" : undefined}
                />
                {card.notes ? (
                  <p id="notas-hint" className="field__hint">
                    Última edición: {formatDateTime(card.notes.updatedAt)}
                    {card.notes.updatedBy ? ` por ${card.notes.updatedBy}` : ""}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="staff-button" disabled={busy}>
                Guardar notas
              </button>
            </Form>
          </section>
        </>
      ) : null}
    </section>
  );
}
