import type { ComponentProps } from "react";
import { Field } from "~/components/auth/field.tsx";
import { PHONE_MAX_LENGTH } from "~/domain/form-text.ts";

/** A phone number input: the phone keypad, and no longer than the server takes. */
export function PhoneField(props: Omit<ComponentProps<typeof Field>, "type" | "inputMode" | "maxLength">) {
  return <Field type="tel" inputMode="tel" maxLength={PHONE_MAX_LENGTH} {...props} />;
}

/**
 * Name, email and phone of whom an appointment is for, posted as `nombre`,
 * `email` and `telefono`: the client booking for herself (/reservar: her own
 * details, so the browser may fill them in) or a client the staff book for
 * (/gestion/agenda/nueva: someone else's, so no autofill; the email is optional
 * and any phone will do, a landline too).
 */
export function ClientDetailsFields({
  bookedBy,
  withNameAndEmail = true,
  withPhone = true,
  values,
  errors,
  labels,
}: {
  bookedBy: "client" | "staff";
  /** The fields' labels in the page's language (the Catalan booking page); Spanish without. */
  labels?: { name: string; email: string; phone: string };
  /** False when they come from the client's account. */
  withNameAndEmail?: boolean;
  /** False when the client's account has one. */
  withPhone?: boolean;
  values: { nombre?: string; email?: string; telefono?: string };
  errors: { name?: string; email?: string; phone?: string };
}) {
  const staff = bookedBy === "staff";
  return (
    <>
      {withNameAndEmail ? (
        <>
          <Field
            name="nombre"
            label={labels?.name ?? "Nombre y apellidos"}
            autoComplete={staff ? "off" : "name"}
            maxLength={100}
            defaultValue={values.nombre}
            error={errors.name}
          />
          <Field
            name="email"
            type="email"
            label={labels?.email ?? "Correo electrónico"}
            optional={staff}
            autoComplete={staff ? "off" : "email"}
            maxLength={254}
            hint={staff ? "Con correo electrónico recibirá la confirmación y el recordatorio." : undefined}
            defaultValue={values.email}
            error={errors.email}
          />
        </>
      ) : null}
      {withPhone ? (
        <PhoneField
          name="telefono"
          label={labels?.phone ?? (staff ? "Teléfono" : "Móvil")}
          autoComplete={staff ? "off" : "tel"}
          defaultValue={values.telefono}
          error={errors.phone}
        />
      ) : null}
    </>
  );
}
