import { Form, Link } from "react-router";
import {
  DayFigures,
  FiguresTotals,
  ItemTable,
  MethodFigures,
  ProfessionalFigures,
} from "~/components/staff/counter/figures-panels.tsx";
import { FilterInput, FilterSelect } from "~/components/staff/filter-fields.tsx";
import { FIGURES_PATH, FIGURES_PERIOD_KINDS, FIGURES_PERIOD_NAMES } from "~/counter/figures-period.ts";
import { pageMeta, rootOrigin } from "~/lib/seo.ts";
import type { Route } from "./+types/gestion.caja.cifras";
import { loadFiguresPage } from "./gestion.caja.cifras.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Cifras de caja · Gestión",
    description: "Ventas de la caja por profesional (con su comisión), servicio, producto y método de pago.",
    path: FIGURES_PATH,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFiguresPage(request, context);
}

type Data = Route.ComponentProps["loaderData"];

const NEIGHBOUR: Record<Data["period"]["kind"], [string, string, string]> = {
  dia: ["← Día anterior", "Día siguiente →", "Hoy"],
  semana: ["← Semana anterior", "Semana siguiente →", "Esta semana"],
  mes: ["← Mes anterior", "Mes siguiente →", "Este mes"],
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function PeriodControls({ d }: { d: Data }) {
  const { period } = d;
  const [previous, next, current] = NEIGHBOUR[period.kind];
  const holdsToday = period.from <= d.today && d.today <= period.to;
  return (
    <>
      <Form method="get" className="staff-filters" aria-label="Elegir el periodo">
        <FilterSelect
          id="f-periodo"
          label="Periodo"
          name="periodo"
          defaultValue={period.kind}
          options={FIGURES_PERIOD_KINDS.map((k) => ({ value: k, label: FIGURES_PERIOD_NAMES[k] }))}
        />
        <FilterInput id="f-fecha" label="Fecha" name="fecha" type="date" defaultValue={period.from} />
        <div className="staff-filters__actions">
          <button type="submit" className="staff-button counter-touch">
            Ver
          </button>
        </div>
      </Form>
      <nav className="cash-close__days" aria-label="Otros periodos">
        {d.previousHref ? <Link to={d.previousHref}>{previous}</Link> : null}
        {holdsToday ? null : <Link to={`${FIGURES_PATH}?periodo=${period.kind}&fecha=${d.today}`}>{current}</Link>}
        {d.nextHref ? <Link to={d.nextHref}>{next}</Link> : null}
      </nav>
    </>
  );
}

function Figures({ d }: { d: Data }) {
  const { figures, period } = d;
  if (!figures) return null;
  const label = period.label;
  if (figures.professionals.length === 0 && figures.methods.length === 0) {
    return <p role="status">No hay ventas de caja en este periodo.</p>;
  }
  return (
    <>
      <section aria-labelledby="cifras-resumen">
        <h2 id="cifras-resumen">Resumen</h2>
        <FiguresTotals figures={figures} showTips />
      </section>
      <section aria-labelledby="cifras-profesionales">
        <h2 id="cifras-profesionales">{d.isOwner ? "Por profesional" : "Tus ventas y tu comisión"}</h2>
        <ProfessionalFigures figures={figures} label={label} />
      </section>
      {period.days.length > 1 ? (
        <section aria-labelledby="cifras-dias">
          <h2 id="cifras-dias">Por día</h2>
          <DayFigures figures={figures} period={period} />
        </section>
      ) : null}
      <section aria-labelledby="cifras-servicios">
        <h2 id="cifras-servicios">Por servicio</h2>
        {figures.services.length > 0 ? (
          <ItemTable caption={`Ventas por servicio (${label})`} noun="Servicio" rows={figures.services} />
        ) : (
          <p>Ningún servicio en este periodo.</p>
        )}
      </section>
      <section aria-labelledby="cifras-productos">
        <h2 id="cifras-productos">Por producto</h2>
        {figures.products.length > 0 ? (
          <ItemTable caption={`Ventas por producto (${label})`} noun="Producto" rows={figures.products} />
        ) : (
          <p>Ningún producto en este periodo.</p>
        )}
      </section>
      {d.isOwner ? (
        <section aria-labelledby="cifras-metodos">
          <h2 id="cifras-metodos">Por método de pago</h2>
          {figures.methods.length > 0 ? (
            <MethodFigures figures={figures} label={label} />
          ) : (
            <p>Ningún cobro en este periodo.</p>
          )}
          <p className="panel-rule">
            Las señales pagadas al reservar se cobraron en la web: cuentan en las ventas de su servicio, no en los
            cobros de caja.
          </p>
        </section>
      ) : null}
    </>
  );
}

export default function CounterFiguresPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <section className="staff-section counter">
      <div className="staff-heading">
        <h1>Cifras de caja</h1>
        <div className="counter-actions">
          <Link className="staff-button staff-button--secondary counter-touch" to="/gestion/caja">
            Volver a la caja
          </Link>
          {d.figures ? (
            <a className="staff-button staff-button--secondary counter-touch" href={d.csvHref} download>
              Descargar CSV
            </a>
          ) : null}
        </div>
      </div>
      <PeriodControls d={d} />
      <p className="staff-count" role="status">
        {capital(d.period.label)}
        {d.professional ? ` · ${d.professional.name}` : ""}
      </p>
      {!d.isOwner && !d.professional ? (
        <p className="staff-notice">
          Tu cuenta no está vinculada a ninguna profesional, así que no hay cifras tuyas que mostrar. La propietaria
          puede vincularla en la ficha de la profesional (Profesionales → Cuenta).
        </p>
      ) : null}
      {!d.isOwner && d.professional ? (
        <p className="staff-hint">Ves solo tus cifras; la propietaria ve las de todo el equipo.</p>
      ) : null}
      <p className="panel-rule">
        Cada línea cuenta el día de caja en que se cobró, por su importe final con IVA (tras los descuentos; la señal
        pagada al reservar, incluida). La comisión se calcula sobre la base sin IVA (importe ÷ (1 + tipo de IVA)), con
        el porcentaje del servicio si lo tiene y, si no, el de la profesional. Una devolución resta sus unidades y su
        parte del importe el día en que se hace. Se aplican los porcentajes de ahora: si cambian, cambian también las
        cifras de periodos anteriores.
        {d.isOwner ? " Los porcentajes se fijan en la ficha de cada profesional y de cada servicio." : ""}
      </p>
      <Figures d={d} />
    </section>
  );
}
