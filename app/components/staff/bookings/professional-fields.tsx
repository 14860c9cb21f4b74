// The fields of the staff's professional form (/gestion/profesionales/nueva and
// /:professionalId): her details, services, staff account and weekly hours.
import { Field, FieldError, SelectField } from "~/components/auth/field.tsx";
import { dayErrorKey, hourField, PROFESSIONAL_LIMITS, WEEKDAYS } from "~/domain/professional-form.ts";
import { salonOpening, WEEKDAY_NAMES } from "~/domain/salon-hours.ts";
import { formatTime } from "~/domain/salon-time.ts";
import { Checkbox, CheckboxList, type CheckboxOption } from "~/components/forms/checkbox-fields.tsx";

export interface AccountOption {
  id: string;
  label: string;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function openingHint(weekday: number): string {
  const open = salonOpening.get(weekday);
  return open ? `Salón: ${formatTime(open.opens)}–${formatTime(open.closes)}` : "Salón cerrado";
}

/** Two ranges a weekday, each a pair of time inputs; the day's error under its row. */
function WeeklyHours({
  values,
  errors,
}: {
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
}) {
  return (
    <fieldset className="field">
      <legend>Horario semanal</legend>
      <p className="field__hint">
        Hasta dos tramos por día (por ejemplo, mañana y tarde), dentro del horario del salón. Deja vacío un día que no
        trabaja.
      </p>
      <div className="table-scroll">
        <table className="staff-cat__table">
          <caption>Horas de trabajo de cada día de la semana</caption>
          <thead>
            <tr>
              <th scope="col">Día</th>
              {[1, 2].map((r) => (
                <th scope="col" key={r}>
                  Tramo {r}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((d) => {
              const error = errors[dayErrorKey(d)];
              const errorId = `f-${dayErrorKey(d)}-error`;
              return (
                <tr key={d}>
                  <th scope="row">
                    {capitalised(WEEKDAY_NAMES[d])}
                    <span className="staff-cat__slug">{openingHint(d)}</span>
                    {error ? <FieldError id={errorId}>{error}</FieldError> : null}
                  </th>
                  {Array.from({ length: PROFESSIONAL_LIMITS.rangesPerDay }, (_, i) => i + 1).map((r) => (
                    <td key={r}>
                      {(["start", "end"] as const).map((edge) => {
                        const name = hourField(d, r, edge);
                        return (
                          <span key={edge}>
                            <label className="visually-hidden" htmlFor={`f-${name}`}>
                              {`${capitalised(WEEKDAY_NAMES[d])}, tramo ${r}, ${edge === "start" ? "desde" : "hasta"}`}
                            </label>
                            <input
                              id={`f-${name}`}
                              name={name}
                              type="time"
                              step={300}
                              defaultValue={values[name] ?? ""}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? errorId : undefined}
                            />
                          </span>
                        );
                      })}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}

export function ProfessionalFields({
  values,
  lists,
  errors,
  services,
  accounts,
}: {
  values: Readonly<Record<string, string>>;
  lists: Readonly<Record<string, string[]>>;
  errors: Readonly<Record<string, string>>;
  services: readonly CheckboxOption[];
  accounts: readonly AccountOption[];
}) {
  return (
    <>
      <Field
        name="name"
        label="Nombre"
        defaultValue={values.name}
        error={errors.name}
        maxLength={PROFESSIONAL_LIMITS.nameMax}
      />
      <Field
        name="title"
        label="Puesto"
        optional
        defaultValue={values.title}
        error={errors.title}
        maxLength={PROFESSIONAL_LIMITS.titleMax}
        hint="Por ejemplo: Técnica de uñas. Se muestra al elegir profesional."
      />
      <Checkbox name="active" label="Activa (se le pueden reservar citas)" checked={values.active === "on"} />
      <CheckboxList
        name="services"
        legend="Servicios que realiza"
        options={services}
        checked={lists.services ?? []}
        error={errors.services}
        empty="Todavía no hay servicios: créalos en Servicios."
      />
      <SelectField
        name="userId"
        label="Cuenta del equipo"
        optional
        options={[{ value: "", label: "Sin cuenta" }, ...accounts.map((a) => ({ value: a.id, label: a.label }))]}
        defaultValue={values.userId}
        hint="Vincúlala a su cuenta de Gestión si entra a ver su agenda."
        error={errors.userId}
      />
      <WeeklyHours values={values} errors={errors} />
    </>
  );
}
