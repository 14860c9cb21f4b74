// The fields of the staff's course and edition forms (/gestion/cursos…): plain
// inputs that post without JavaScript, each error tied to its input.
import { Form } from "react-router";
import { describedBy, Field, FieldError, SelectField, TextAreaField } from "~/components/auth/field.tsx";
import { Checkbox } from "~/components/forms/checkbox-fields.tsx";
import { MoneyField } from "~/components/forms/money-field.tsx";
import { COURSE_CATEGORIES, HIGHLIGHT_BADGE } from "~/domain/course.ts";
import { CATEGORY_LABELS, COURSE_LIMITS, EDITION_LIMITS } from "~/domain/course-form.ts";
import { COURSE_IMAGE } from "~/domain/course-image.ts";
import { catalanFields, type CatalanFieldSpec } from "./catalan-fields.tsx";

type FormErrors = Partial<Record<string, string>>;
type FormValues = Partial<Record<string, string>>;

/** The course's Catalan texts (issue 34), each placed after its Spanish field. */
const COURSE_CATALAN = [
  { name: "titleCa", label: "Título (catalán)", maxLength: COURSE_LIMITS.titleMax },
  { name: "levelCa", label: "Nivel (catalán)", maxLength: COURSE_LIMITS.levelMax },
  {
    name: "descriptionCa",
    label: "Descripción (catalán)",
    multiline: true,
    maxLength: COURSE_LIMITS.descriptionMax,
  },
  {
    name: "featuresCa",
    label: "Qué aprenderás (catalán)",
    multiline: true,
    rows: 8,
    hintLead: "Un punto por línea, como en castellano.",
  },
  {
    name: "durationCa",
    label: "Duración (catalán)",
    maxLength: COURSE_LIMITS.durationMax,
    hintLead: "Por ejemplo: 20 hores.",
  },
] as const satisfies readonly CatalanFieldSpec[];

/** The edition's Catalan schedule, after the Spanish one. */
const EDITION_CATALAN = [
  {
    name: "scheduleCa",
    label: "Horario (catalán)",
    maxLength: EDITION_LIMITS.scheduleMax,
    hintLead: "Por ejemplo: Dilluns i dimecres, 10:00–14:00.",
  },
] as const satisfies readonly CatalanFieldSpec[];

/** The course's fields; the slug is read-only once the course has been sold. */
export function CourseFields({
  values,
  errors,
  slugLocked = false,
}: {
  values: FormValues;
  errors: FormErrors;
  slugLocked?: boolean;
}) {
  const catalan = catalanFields(COURSE_CATALAN, values, errors);
  return (
    <>
      <Field
        name="title"
        label="Título"
        defaultValue={values.title}
        error={errors.title}
        maxLength={COURSE_LIMITS.titleMax}
      />
      {catalan.titleCa}
      <Field
        name="id"
        label="Identificador (dirección de la página)"
        defaultValue={values.id}
        error={errors.id}
        readOnly={slugLocked}
        maxLength={COURSE_LIMITS.slugMax}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        autoCapitalize="none"
        spellCheck={false}
        hint={
          slugLocked
            ? "Ya se ha vendido: el identificador no se puede cambiar."
            : "Minúsculas sin acentos, números y guiones. Aparece en /formaciones/identificador; no se puede cambiar una vez vendido."
        }
      />
      <SelectField
        name="category"
        label="Categoría"
        placeholder="Elige una categoría"
        options={COURSE_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
        defaultValue={values.category}
        error={errors.category}
      />
      <Field
        name="level"
        label="Nivel"
        defaultValue={values.level}
        error={errors.level}
        maxLength={COURSE_LIMITS.levelMax}
      />
      {catalan.levelCa}
      <TextAreaField
        name="description"
        label="Descripción"
        defaultValue={values.description}
        error={errors.description}
        maxLength={COURSE_LIMITS.descriptionMax}
      />
      {catalan.descriptionCa}
      <TextAreaField
        name="features"
        label="Qué aprenderás"
        rows={8}
        defaultValue={values.features}
        error={errors.features}
        hint={`Un punto por línea, hasta ${COURSE_LIMITS.featuresMax} líneas de ${COURSE_LIMITS.featureMax} caracteres como máximo.`}
      />
      {catalan.featuresCa}
      <MoneyField
        name="price"
        label="Precio (€)"
        defaultValue={values.price}
        error={errors.price}
        hint="Por ejemplo: 280 o 279,99"
      />
      <MoneyField
        name="originalPrice"
        label="Precio original (€)"
        optional
        defaultValue={values.originalPrice}
        error={errors.originalPrice}
        hint="Se muestra tachado junto al precio. Déjalo vacío si no hay descuento."
      />
      <Field
        name="duration"
        label="Duración"
        defaultValue={values.duration}
        error={errors.duration}
        maxLength={COURSE_LIMITS.durationMax}
        hint="Por ejemplo: 20 horas"
      />
      {catalan.durationCa}
      <Field
        name="classSize"
        label="Máximo de alumnas por clase"
        type="number"
        min={1}
        max={COURSE_LIMITS.classSizeMax}
        step={1}
        defaultValue={values.classSize}
        error={errors.classSize}
      />
      <Checkbox
        name="highlighted"
        label={`Destacado (insignia «${HIGHLIGHT_BADGE}»)`}
        checked={values.highlighted === "on"}
      />
      <fieldset className="field" aria-describedby={describedBy("f-vat", true, errors.vatTreatment)}>
        <legend>IVA en la factura</legend>
        <div className="field--checkbox">
          <input
            id="f-vat-standard"
            type="radio"
            name="vatTreatment"
            value="standard"
            defaultChecked={values.vatTreatment !== "exempt"}
          />
          <label htmlFor="f-vat-standard">IVA del 21 % incluido en el precio</label>
        </div>
        <div className="field--checkbox">
          <input
            id="f-vat-exempt"
            type="radio"
            name="vatTreatment"
            value="exempt"
            defaultChecked={values.vatTreatment === "exempt"}
          />
          <label htmlFor="f-vat-exempt">Exento de IVA (enseñanza reglada, art. 20.Uno.9º de la Ley del IVA)</label>
        </div>
        <p id="f-vat-hint" className="field__hint">
          Solo la formación reconocida oficialmente está exenta; si dudas, consúltalo con tu gestor. Afecta a las
          facturas que se emitan a partir de ahora.
        </p>
        {errors.vatTreatment ? <FieldError id="f-vat-error">{errors.vatTreatment}</FieldError> : null}
      </fieldset>
    </>
  );
}

/** An edition's dates, schedule (in Spanish and Catalan) and seats. */
export function EditionFields({
  values,
  errors,
  seatsTaken = 0,
}: {
  values: FormValues;
  errors: FormErrors;
  seatsTaken?: number;
}) {
  const catalan = catalanFields(EDITION_CATALAN, values, errors);
  return (
    <>
      <Field
        name="startsOn"
        label="Fecha de inicio"
        type="date"
        defaultValue={values.startsOn}
        error={errors.startsOn}
      />
      <Field
        name="endsOn"
        label="Fecha de fin"
        type="date"
        optional
        defaultValue={values.endsOn}
        error={errors.endsOn}
        hint="Vacía si el curso dura un solo día."
      />
      <Field
        name="schedule"
        label="Horario"
        optional
        defaultValue={values.schedule}
        error={errors.schedule}
        maxLength={EDITION_LIMITS.scheduleMax}
        hint="Días y horas, por ejemplo: Lunes y miércoles, 10:00–14:00. Se muestra en la página del curso."
      />
      {catalan.scheduleCa}
      <Field
        name="seats"
        label="Plazas"
        type="number"
        min={Math.max(1, seatsTaken)}
        max={EDITION_LIMITS.seatsMax}
        step={1}
        defaultValue={values.seats}
        error={errors.seats}
        hint={
          seatsTaken > 0
            ? `Hay ${seatsTaken} ${seatsTaken === 1 ? "plaza ocupada" : "plazas ocupadas"}: no puede haber menos plazas.`
            : undefined
        }
      />
    </>
  );
}

/** The course picture's upload form: a plain multipart POST to /gestion/cursos/:courseId/imagen. */
export function ImageUploadForm({ courseId, error }: { courseId: string; error?: string }) {
  return (
    <Form
      method="post"
      action={`/gestion/cursos/${courseId}/imagen`}
      encType="multipart/form-data"
      className="staff-cat__form staff-cat__form--inline"
    >
      <Field
        name="image"
        label="Nueva imagen"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        error={error}
        hint={
          <>
            JPEG, PNG o WebP de hasta {COURSE_IMAGE.maxBytes / 1024 / 1024} MB y al menos {COURSE_IMAGE.minWidth} ×{" "}
            {COURSE_IMAGE.minHeight} píxeles. Se recorta en formato 3:2.
          </>
        }
      />
      <button type="submit" className="staff-cat__button">
        Subir imagen
      </button>
    </Form>
  );
}
