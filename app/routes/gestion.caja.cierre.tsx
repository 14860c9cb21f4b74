import { Form, Link } from "react-router";
import { Field, FormAlert } from "~/components/auth/field.tsx";
import { CountForm } from "~/components/staff/cash-close/count-form.tsx";
import {
  ClosedResult,
  MovementForm,
  MovementsTable,
  ReopenForm,
  TillSummary,
} from "~/components/staff/cash-close/till-panels.tsx";
import { ZReportView } from "~/components/staff/cash-close/z-report.tsx";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.caja.cierre";
import { cashCloseAction, loadCashClose } from "./gestion.caja.cierre.server.ts";

const PATH = "/gestion/caja/cierre";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Cierre de caja · Gestión",
    description: "El fondo, las entradas y salidas de efectivo, el recuento y el informe Z del día.",
    path: PATH,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCashClose(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return cashCloseAction(request, context);
}

const dayLink = (day: string) => `${PATH}?dia=${day}`;

export default function StaffCashClose({ loaderData, actionData }: Route.ComponentProps) {
  const { day, today, dayText, state, report } = loaderData;
  const errorsFor = (intent: string) => (actionData?.intent === intent ? actionData.errors : {});
  const valuesFor = (intent: string) => (actionData?.intent === intent ? actionData.values : {});
  const open = errorsFor("open");
  return (
    <section className="staff-cat cash-close">
      <h1>Cierre de caja</h1>
      <nav className="cash-close__days no-print" aria-label="Otros días">
        <Link to={dayLink(loaderData.previous)}>← Día anterior</Link>
        {day !== today ? <Link to={dayLink(today)}>Caja de hoy</Link> : null}
        <Link to={dayLink(loaderData.next)}>Día siguiente →</Link>
      </nav>
      <p className="cash-close__day">
        Caja del <strong>{dayText}</strong>
        {state.opened && loaderData.openedAtText
          ? ` · abierta el ${loaderData.openedAtText} por ${state.openedBy ?? ""}`
          : ""}
      </p>
      {loaderData.notice ? (
        <p className="staff-cat__notice" role="status">
          {loaderData.notice}
        </p>
      ) : null}
      <FormAlert message={actionData?.errors.form} />

      {!state.opened ? (
        loaderData.canOpen ? (
          <Form method="post" className="staff-cat__form" aria-labelledby="abrir">
            <h2 id="abrir">Abrir la caja</h2>
            <input type="hidden" name="intent" value="open" />
            <input type="hidden" name="day" value={day} />
            <Field
              name="float"
              label="Fondo de caja (€)"
              hint="El cambio que hay en el cajón al empezar el día."
              inputMode="decimal"
              autoComplete="off"
              defaultValue={valuesFor("open").float ?? ""}
              error={open.float}
            />
            <div className="staff-cat__actions">
              <button type="submit" className="staff-cat__button">
                Abrir la caja
              </button>
            </div>
          </Form>
        ) : (
          <p>La caja de ese día aún no se puede abrir.</p>
        )
      ) : null}

      {state.opened || state.cashSalesCents + state.cardCents + state.bizumCents > 0 ? (
        <section aria-labelledby="resumen">
          <h2 id="resumen">Resumen del día</h2>
          {!state.opened ? (
            <p className="staff-notice">Hay ventas en este día: abre la caja para poder cerrarla.</p>
          ) : null}
          <TillSummary state={state} />
        </section>
      ) : null}

      {state.opened ? (
        <section aria-labelledby="movimientos" className="no-print">
          <h2 id="movimientos">Entradas y salidas de efectivo</h2>
          <MovementsTable state={state} times={loaderData.movementTimes} />
          {!state.closed ? (
            <>
              <h3 id="anotar-movimiento">Anotar un movimiento</h3>
              <MovementForm day={day} values={valuesFor("movement")} errors={errorsFor("movement")} />
            </>
          ) : null}
        </section>
      ) : null}

      {state.opened && !state.closed ? (
        <section aria-labelledby="cerrar" className="no-print">
          <h2 id="cerrar">Cerrar la caja</h2>
          <CountForm
            day={day}
            denominations={loaderData.denominations}
            expectedCents={state.expectedCents}
            values={valuesFor("close")}
            errors={errorsFor("close")}
          />
        </section>
      ) : null}

      <ClosedResult state={state} closedAtText={loaderData.closedAtText} />
      {report ? <ZReportView report={report} dayText={dayText} /> : null}
      {state.closed && loaderData.isOwner ? (
        <ReopenForm day={day} values={valuesFor("reopen")} errors={errorsFor("reopen")} />
      ) : null}
    </section>
  );
}
