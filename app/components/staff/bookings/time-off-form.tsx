// The staff's form to block time (/gestion/horarios): a professional or the
// whole salon, whole days or some hours of one day, and a reason.
import { Form } from "react-router";
import { Field, FieldError, FormAlert, SelectField } from "~/components/auth/field.tsx";
import { TIME_OFF_LIMITS, WHOLE_SALON } from "~/domain/time-off-form.ts";

export function TimeOffForm({
  professionals,
  values,
  errors,
  today,
}: {
  professionals: readonly { id: string; name: string }[];
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  today: string;
}) {
  const kind = values.kind === "hours" ? "hours" : "days";
  return (
    <Form method="post" noValidate className="staff-cat__form" aria-labelledby="nuevo-bloqueo">
      <input type="hidden" name="intent" value="create" />
      <FormAlert message={Object.keys(errors).length > 0 ? "Revisa los campos marcados." : undefined} />
      <SelectField
        name="who"
        label="Quién"
        options={[
          { value: WHOLE_SALON, label: "Todo el salón (cierre, festivo)" },
          ...professionals.map((p) => ({ value: p.id, label: p.name })),
        ]}
        defaultValue={values.who ?? WHOLE_SALON}
        error={errors.who}
      />
      <fieldset className="field" aria-describedby={errors.kind ? "f-kind-error" : undefined}>
        <legend>Qué se bloquea</legend>
        <div className="field--checkbox">
          <input id="f-kind-days" type="radio" name="kind" value="days" defaultChecked={kind === "days"} />
          <label htmlFor="f-kind-days">Uno o varios días enteros</label>
        </div>
        <Field
          name="from"
          label="Desde el día"
          type="date"
          min={today}
          defaultValue={values.from}
          error={errors.from}
        />
        <Field
          name="to"
          label="Hasta el día (incluido)"
          type="date"
          min={today}
          optional
          defaultValue={values.to}
          error={errors.to}
          hint="Vacío si es un solo día."
        />
        <div className="field--checkbox">
          <input id="f-kind-hours" type="radio" name="kind" value="hours" defaultChecked={kind === "hours"} />
          <label htmlFor="f-kind-hours">Unas horas de un día</label>
        </div>
        <Field name="date" label="Día" type="date" min={today} defaultValue={values.date} error={errors.date} />
        <Field name="start" label="Desde las" type="time" step={300} defaultValue={values.start} error={errors.start} />
        <Field name="end" label="Hasta las" type="time" step={300} defaultValue={values.end} error={errors.end} />
        {errors.kind ? <FieldError id="f-kind-error">{errors.kind}</FieldError> : null}
      </fieldset>
      <Field
        name="reason"
        label="Motivo"
        optional
        maxLength={TIME_OFF_LIMITS.reasonMax}
        defaultValue={values.reason}
        error={errors.reason}
        hint="Por ejemplo: Vacaciones, Festivo, Formación. Solo lo ve el equipo."
      />
      <button type="submit" className="staff-cat__button">
        Bloquear
      </button>
    </Form>
  );
}
