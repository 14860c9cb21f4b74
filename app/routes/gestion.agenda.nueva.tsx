import { Form, Link, useNavigation } from "react-router";
import { FieldError, TextAreaField } from "~/components/auth/field.tsx";
import { ClientDetailsFields } from "~/components/forms/client-details-fields.tsx";
import { ANY_PROFESSIONAL, diaryHref } from "~/components/staff/diary/labels.ts";
import { FilterInput, ProfessionalFilter } from "~/components/staff/filter-fields.tsx";
import { formatDuration, formatServicePrice } from "~/domain/service-text.ts";
import { formatDayLong, formatTime } from "~/domain/salon-time.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.agenda.nueva";
import { loadNewAppointment, newAppointmentAction } from "./gestion.agenda.nueva.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Nueva cita · Gestión",
    description: "Reservar una cita para una clienta que llama o viene al salón.",
    path: "/gestion/agenda/nueva",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadNewAppointment(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return newAppointmentAction(request, context);
}

export default function NewAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const { day, serviceIds, professional, services, professionals, times, notes, prefill } = loaderData;
  const busy = useNavigation().state === "submitting";
  const values = actionData?.values ?? prefill;
  const errors = actionData?.errors ?? {};
  return (
    <section className="staff-section diary-new">
      <p className="staff-breadcrumb">
        <Link to={diaryHref(day)}>← Agenda</Link>
      </p>
      <h1>Nueva cita</h1>
      {notes.length > 0 ? (
        <ul className="staff-notes" role="status">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}

      <Form method="get" className="staff-form" aria-labelledby="paso-1">
        <h2 id="paso-1">1. Servicios, profesional y día</h2>
        {prefill.email ? <input type="hidden" name="cliente" value={prefill.email} /> : null}
        <fieldset>
          <legend>Servicios (en el orden de la carta)</legend>
          <ul className="diary-services">
            {services.map((s) => (
              <li key={s.id}>
                <label className="staff-check">
                  <input type="checkbox" name="servicio" value={s.id} defaultChecked={serviceIds.includes(s.id)} />{" "}
                  {s.name} · {formatDuration(s.durationMin)} · {formatServicePrice(s.priceCents, s.priceFrom)}
                  {s.bookableOnline ? "" : " (solo en el salón)"}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="staff-filters">
          <ProfessionalFilter
            id="nueva-profesional"
            professionals={professionals}
            selected={professional}
            anyone={{ value: ANY_PROFESSIONAL, label: "Cualquier profesional" }}
          />
          <FilterInput id="nueva-dia" label="Día" name="dia" type="date" defaultValue={day} required />
          <div className="staff-filters__actions">
            <button type="submit" className="staff-button staff-button--secondary">
              Ver horas libres
            </button>
          </div>
        </div>
      </Form>

      {times === null ? (
        serviceIds.length === 0 ? (
          <p className="staff-hint">Elige al menos un servicio para ver las horas libres.</p>
        ) : null
      ) : times.length === 0 ? (
        <p className="staff-hint">
          No quedan horas libres el {formatDayLong(day)} para estos servicios. Prueba otro día.
        </p>
      ) : (
        <Form method="post" className="staff-form" aria-labelledby="paso-2" noValidate>
          <h2 id="paso-2">2. Hora y datos de la clienta</h2>
          {errors.form ? (
            <p className="form-alert form-alert--error" role="alert">
              {errors.form}
            </p>
          ) : null}
          {serviceIds.map((id) => (
            <input key={id} type="hidden" name="servicio" value={id} />
          ))}
          <input type="hidden" name="profesional" value={professional} />
          <fieldset aria-describedby={errors.at ? "nueva-at-error" : undefined}>
            <legend>Hora libre el {formatDayLong(day)}</legend>
            <ul className="diary-times">
              {times.map((t) => (
                <li key={t.at}>
                  <label className="diary-time">
                    <input type="radio" name="at" value={String(t.at)} required /> {formatTime(t.minutes)}
                  </label>
                </li>
              ))}
            </ul>
            {errors.at ? <FieldError id="nueva-at-error">{errors.at}</FieldError> : null}
          </fieldset>
          <ClientDetailsFields
            bookedBy="staff"
            values={values}
            errors={{ name: errors.nombre, email: errors.email, phone: errors.telefono }}
          />
          <TextAreaField
            name="nota"
            label="Nota"
            optional
            rows={3}
            maxLength={500}
            defaultValue={values.nota}
            error={errors.nota}
          />
          <button type="submit" className="staff-button" disabled={busy}>
            {busy ? "Reservando…" : "Reservar la cita"}
          </button>
        </Form>
      )}
    </section>
  );
}
