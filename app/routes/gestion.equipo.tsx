import { Form, useNavigation } from "react-router";
import { Field, FieldError, FormAlert } from "~/components/auth/field.tsx";
import { CopyLinkButton } from "~/components/staff/copy-link-button.tsx";
import { madridDateTimeText } from "~/domain/calendar-dates.ts";
import { ROLE_LABELS, isRole } from "~/domain/roles.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.equipo";
import { loadTeam, teamAction } from "./gestion.equipo.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Equipo",
    description: "Personas con acceso al área de gestión de Alejandra Nails.",
    path: "/gestion/equipo",
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return loadTeam(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return teamAction(request, context);
}

const dateTime = (iso: string | null) => (iso ? madridDateTimeText(new Date(iso)) : "Nunca");

const roleLabel = (role: string) => (isRole(role) ? ROLE_LABELS[role] : role);

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { members, invitations, meId } = loaderData;
  const error = actionData?.status === "error" ? actionData : null;
  const invited = actionData?.status === "invited" ? actionData : null;
  const inviteErrors = error?.intent === "invite" ? error.errors : {};
  const rowError = (id: string) => (error && error.target === id ? error.errors.form : undefined);
  const generalError =
    error && error.intent !== "invite" && !error.target
      ? (error.errors.form ?? "Revisa los datos del formulario.")
      : undefined;
  return (
    <section className="staff-auth">
      <h1>Equipo</h1>
      {actionData?.status === "done" ? (
        <FormAlert tone="success" message={actionData.notice} />
      ) : (
        <FormAlert message={generalError} />
      )}

      {invited ? (
        <div className="staff-auth__link" role="status">
          <h2>Invitación creada para {invited.email}</h2>
          <p>
            Hemos enviado el enlace de activación por correo a <strong>{invited.email}</strong>. Si prefieres dárselo
            tú, cópialo ahora: <strong>no se volverá a mostrar</strong>. Caduca el {dateTime(invited.expiresAt)} y solo
            sirve una vez.
          </p>
          <p>
            <code>{invited.link}</code>
          </p>
          <p className="staff-auth__row-actions">
            <CopyLinkButton link={invited.link} className="staff-auth__copy" />
          </p>
        </div>
      ) : null}

      <div className="table-scroll">
        <table className="staff-auth__table">
          <caption>Personas con acceso al área de gestión</caption>
          <thead>
            <tr>
              <th scope="col">Nombre</th>
              <th scope="col">Correo</th>
              <th scope="col">Rol</th>
              <th scope="col">Verificación en dos pasos</th>
              <th scope="col">Último acceso</th>
              <th scope="col">Cambios</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => {
              const who = m.name || m.email;
              const message = rowError(m.id);
              return (
                <tr key={m.id}>
                  <th scope="row">
                    {who}
                    {m.id === meId ? " (tú)" : null}
                  </th>
                  <td>{m.email}</td>
                  <td>{roleLabel(m.role)}</td>
                  <td>
                    {m.twoFactor ? "Activada" : "Sin activar"}
                    {m.twoFactor ? `, ${m.recoveryCodesLeft} códigos de recuperación` : null}
                  </td>
                  <td>{dateTime(m.lastLoginAt)}</td>
                  <td>
                    <div className="staff-auth__row-actions">
                      <Form method="post">
                        <input type="hidden" name="intent" value="role" />
                        <input type="hidden" name="userId" value={m.id} />
                        <label className="visually-hidden" htmlFor={`role-${m.id}`}>
                          Rol de {who}
                        </label>
                        <select
                          id={`role-${m.id}`}
                          name="role"
                          defaultValue={m.role}
                          aria-describedby={message ? `err-${m.id}` : undefined}
                        >
                          <option value="staff">{ROLE_LABELS.staff}</option>
                          <option value="owner">{ROLE_LABELS.owner}</option>
                        </select>{" "}
                        <button type="submit" disabled={busy}>
                          Cambiar rol<span className="visually-hidden"> de {who}</span>
                        </button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="userId" value={m.id} />
                        <button type="submit" disabled={busy} aria-describedby={message ? `err-${m.id}` : undefined}>
                          Quitar del equipo<span className="visually-hidden">: {who}</span>
                        </button>
                      </Form>
                    </div>
                    {message ? <FieldError id={`err-${m.id}`}>{message}</FieldError> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="staff-auth__note">
        Cambiar el rol o quitar a alguien cierra todas sus sesiones al momento. Quitarla borra también su verificación
        en dos pasos.
      </p>

      <h2>Invitaciones pendientes</h2>
      {invitations.length === 0 ? (
        <p>No hay invitaciones pendientes.</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-auth__table">
            <caption>Enlaces de activación sin usar</caption>
            <thead>
              <tr>
                <th scope="col">Correo</th>
                <th scope="col">Rol</th>
                <th scope="col">Caduca</th>
                <th scope="col">Invitada por</th>
                <th scope="col">Anular</th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((inv) => (
                <tr key={inv.email}>
                  <th scope="row">{inv.email}</th>
                  <td>{roleLabel(inv.role)}</td>
                  <td>{dateTime(inv.expiresAt)}</td>
                  <td>{inv.invitedBy ?? "Línea de comandos"}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="email" value={inv.email} />
                      <button type="submit" disabled={busy}>
                        Anular<span className="visually-hidden"> la invitación de {inv.email}</span>
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="invitar">Invitar a una persona</h2>
      {/* A new key after each invitation sent: the form starts empty again (without JavaScript the page is new anyway). */}
      <Form
        key={invited ? `enviada-${invited.expiresAt}` : "invitar"}
        method="post"
        noValidate
        className="staff-auth__form"
        aria-labelledby="invitar"
      >
        <input type="hidden" name="intent" value="invite" />
        <Field
          id="invite-email"
          name="email"
          type="email"
          label="Correo electrónico"
          autoComplete="off"
          maxLength={254}
          defaultValue={error?.intent === "invite" ? error.values?.email : undefined}
          error={inviteErrors.email}
        />
        <fieldset aria-describedby={inviteErrors.role ? "invite-role-error" : undefined}>
          <legend>Rol</legend>
          <label>
            <input type="radio" name="role" value="staff" defaultChecked /> {ROLE_LABELS.staff}: pedidos, cursos y
            convocatorias
          </label>
          <label>
            <input type="radio" name="role" value="owner" /> {ROLE_LABELS.owner}: además, el equipo y la auditoría
          </label>
          {inviteErrors.role ? <FieldError id="invite-role-error">{inviteErrors.role}</FieldError> : null}
        </fieldset>
        {error?.intent === "invite" && inviteErrors.form ? <FormAlert message={inviteErrors.form} /> : null}
        <button type="submit" className="staff-auth__button" disabled={busy}>
          Crear invitación
        </button>
      </Form>
    </section>
  );
}
