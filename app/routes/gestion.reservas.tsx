import { Form, useNavigation } from "react-router";
import { Field, FieldError, FormAlert } from "~/components/auth/field.tsx";
import { BOOKING_RULE_LIMITS } from "~/domain/booking-rules.ts";
import { SITE_BOOKING_PATH, type BookingMode } from "~/domain/booking-settings-form.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.reservas";
import {
  loadBookingSettingsPage,
  saveBookingSettingsPage,
  type BookingSettingsPageErrors,
} from "./gestion.reservas.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Reservas · Gestión",
    description: "Dónde reservan las clientas de Alejandra Nails y las normas de las citas online.",
    path: "/gestion/reservas",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadBookingSettingsPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveBookingSettingsPage(request, context);
}

const MODES: { value: BookingMode; label: string; hint: string }[] = [
  {
    value: "site",
    label: "En esta web",
    hint: `«RESERVA TU CITA» lleva a ${SITE_BOOKING_PATH}: la clienta elige servicio, profesional, día y hora aquí.`,
  },
  {
    value: "external",
    label: "En una página externa",
    hint: "«RESERVA TU CITA» abre, en una pestaña nueva, la dirección de abajo (por ejemplo, tu agenda en Fresha).",
  },
];

const L = BOOKING_RULE_LIMITS;

export default function BookingSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { saved } = loaderData;
  const errors: BookingSettingsPageErrors = actionData?.errors ?? {};
  const values = actionData?.values ?? loaderData.values;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="staff-page">
      <h1>Reservas</h1>
      <p>
        Dónde reservan las clientas y las normas de las citas online. Cada cambio queda en el registro de auditoría y se
        aplica a las reservas nuevas; las citas ya hechas no cambian.
      </p>
      {saved && !actionData ? <FormAlert tone="success" message="Ajustes de reservas guardados." /> : null}
      {errors.form ? <FormAlert message={errors.form} /> : null}
      <Form method="post" action="/gestion/reservas" className="staff-form" noValidate key={JSON.stringify(values)}>
        <fieldset aria-describedby={errors.mode ? "reserva-modo-error" : undefined}>
          <legend>¿Dónde se reserva?</legend>
          {MODES.map((m) => (
            <div className="staff-check" key={m.value}>
              <input
                type="radio"
                id={`reserva-modo-${m.value}`}
                name="mode"
                value={m.value}
                defaultChecked={values.mode === m.value}
                aria-describedby={`reserva-modo-${m.value}-hint`}
              />
              <label htmlFor={`reserva-modo-${m.value}`}>{m.label}</label>
              <p id={`reserva-modo-${m.value}-hint`} className="field__hint">
                {m.hint}
              </p>
            </div>
          ))}
          {errors.mode ? <FieldError id="reserva-modo-error">{errors.mode}</FieldError> : null}
          <Field
            name="externalUrl"
            type="url"
            label="Dirección de la página externa"
            defaultValue={values.externalUrl}
            error={errors.externalUrl}
            hint="Solo se usa con «En una página externa». Debe empezar por https://."
            optional
            autoComplete="off"
            inputMode="url"
          />
        </fieldset>
        <fieldset>
          <legend>Normas de las citas online</legend>
          <Field
            name="noticeHours"
            label="Antelación mínima (horas)"
            defaultValue={values.noticeHours}
            error={errors.noticeHours}
            hint={`No se ofrecen horas que empiecen antes de este plazo. De ${L.noticeMinutes.min} a ${L.noticeMinutes.max / 60} horas; admite decimales (1,5 = hora y media).`}
            inputMode="decimal"
            autoComplete="off"
          />
          <Field
            name="horizonDays"
            label="Se puede reservar con hasta (días)"
            defaultValue={values.horizonDays}
            error={errors.horizonDays}
            hint={`Hasta cuántos días por delante se ofrecen citas. De ${L.horizonDays.min} a ${L.horizonDays.max}.`}
            inputMode="numeric"
            autoComplete="off"
          />
          <Field
            name="cancelHours"
            label="Cancelar o cambiar hasta (horas antes)"
            defaultValue={values.cancelHours}
            error={errors.cancelHours}
            hint={`La clienta puede anular o mover su cita ella misma hasta este plazo; después, por teléfono. De ${L.cancelHours.min} a ${L.cancelHours.max}.`}
            inputMode="numeric"
            autoComplete="off"
          />
          <Field
            name="holdMinutes"
            label="Tiempo para confirmar por correo (minutos)"
            defaultValue={values.holdMinutes}
            error={errors.holdMinutes}
            hint={`Una reserva sin cuenta guarda la hora este tiempo mientras se confirma desde el correo. De ${L.holdMinutes.min} a ${L.holdMinutes.max}.`}
            inputMode="numeric"
            autoComplete="off"
          />
          <Field
            name="maxUpcoming"
            label="Citas pendientes por clienta (máximo)"
            defaultValue={values.maxUpcoming}
            error={errors.maxUpcoming}
            hint={`Cuántas citas futuras puede tener reservadas en la web una misma clienta (por correo, móvil o cuenta). Las que reserváis desde la agenda no cuentan. De ${L.maxUpcomingPerClient.min} a ${L.maxUpcomingPerClient.max}.`}
            inputMode="numeric"
            autoComplete="off"
          />
        </fieldset>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Guardando…" : "Guardar ajustes de reservas"}
        </button>
      </Form>
    </section>
  );
}
