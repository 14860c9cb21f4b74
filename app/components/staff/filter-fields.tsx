// The labelled controls of Gestión's filter bars (GET forms of class
// `staff-filters`): the label above, the control below, no error (a filter that
// cannot be read is ignored and said in the page's notes).
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";

interface FilterFieldProps {
  id: string;
  label: string;
  /** Takes the room left in the bar (a search box, a long list). */
  wide?: boolean;
}

function FilterField({ id, label, wide, children }: FilterFieldProps & { children: ReactNode }) {
  return (
    <div className={wide ? "staff-filters__field staff-filters__field--wide" : "staff-filters__field"}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

export function FilterInput({ id, label, wide, ...input }: FilterFieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FilterField id={id} label={label} wide={wide}>
      <input id={id} {...input} />
    </FilterField>
  );
}

/**
 * A list to choose from: `all` first, when given, as the empty value that does
 * not filter ("Todos"); then the options; then `children` (option groups).
 */
export function FilterSelect({
  id,
  label,
  wide,
  all,
  options = [],
  children,
  ...select
}: FilterFieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
    all?: string;
    options?: readonly { value: string; label: string }[];
    children?: ReactNode;
  }) {
  return (
    <FilterField id={id} label={label} wide={wide}>
      <select id={id} {...select}>
        {all ? <option value="">{all}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </FilterField>
  );
}

/** "Curso": every course ("Todos") or one of them. */
export function CourseFilter({
  id,
  name,
  courses,
  selected,
}: {
  id: string;
  name: string;
  courses: readonly { id: string; title: string }[];
  selected: string | null | undefined;
}) {
  return (
    <FilterSelect
      id={id}
      label="Curso"
      name={name}
      defaultValue={selected ?? ""}
      all="Todos"
      options={courses.map((c) => ({ value: c.id, label: c.title }))}
    />
  );
}

/** "Profesional", posted as `profesional`: one of them, or first `anyone` when a choice covers them all. */
export function ProfessionalFilter({
  id,
  professionals,
  selected,
  anyone,
}: {
  id: string;
  professionals: readonly { id: string; name: string }[];
  selected: string;
  anyone?: { value: string; label: string };
}) {
  return (
    <FilterSelect
      id={id}
      label="Profesional"
      name="profesional"
      defaultValue={selected}
      options={[...(anyone ? [anyone] : []), ...professionals.map((p) => ({ value: p.id, label: p.name }))]}
    />
  );
}
