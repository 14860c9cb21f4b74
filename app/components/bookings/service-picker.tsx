import { Form } from "react-router";
import type { MenuService } from "~/bookings/menu.server.ts";
import { SERVICE_CATEGORY_NAMES as CATEGORY_LABELS } from "~/domain/service-categories.ts";
import { formatDuration, formatServicePrice } from "~/domain/service-text.ts";
import { STEP_ANCHOR } from "~/domain/booking-request.ts";

/** Step 1: the services bookable online, by category; several may be booked in a row. */
export function ServicePicker({ menu, selected }: { menu: MenuService[]; selected: string[] }) {
  const categories = (Object.keys(CATEGORY_LABELS) as (keyof typeof CATEGORY_LABELS)[]).filter((c) =>
    menu.some((s) => s.category === c),
  );
  return (
    <Form method="get" action={`/reservar#${STEP_ANCHOR}`} className="booking__form">
      <p className="booking__hint">
        Elige uno o varios servicios: si marcas varios, los haremos seguidos en la misma cita (por ejemplo, retirada y
        nuevo esmaltado).
      </p>
      {categories.map((c) => (
        <fieldset key={c} className="booking__choices">
          <legend>{CATEGORY_LABELS[c]}</legend>
          {menu
            .filter((s) => s.category === c)
            .map((s) => (
              <label key={s.id} className="booking__choice">
                <input type="checkbox" name="servicio" value={s.id} defaultChecked={selected.includes(s.id)} />
                <strong>{s.name}</strong>
                <small>
                  {formatDuration(s.durationMin)} · {formatServicePrice(s.priceCents, s.priceFrom)}
                </small>
              </label>
            ))}
        </fieldset>
      ))}
      <button type="submit" className="btn">
        Continuar
      </button>
    </Form>
  );
}
