import { Form } from "react-router";
import type { MenuService } from "~/bookings/menu.server.ts";
import { SERVICE_CATEGORY_IDS } from "~/domain/service-categories.ts";
import { formatDuration } from "~/domain/service-text.ts";
import { STEP_ANCHOR } from "~/domain/booking-request.ts";
import { useLocalHref, useT } from "~/i18n/react.tsx";
import { CATEGORY_KEYS, servicePriceText } from "~/bookings/booking-text.ts";

/**
 * Step 1: the services bookable online, by category; several may be booked in a row.
 * The services' names come from the menu as written in Gestión, in the page's language
 * (a service without a Catalan name shows its Spanish one on /ca/reserva).
 */
export function ServicePicker({ menu, selected }: { menu: MenuService[]; selected: string[] }) {
  const t = useT();
  const href = useLocalHref();
  const categories = SERVICE_CATEGORY_IDS.filter((c) => menu.some((s) => s.category === c));
  return (
    <Form method="get" action={`${href("/reservar")}#${STEP_ANCHOR}`} className="booking__form">
      <p className="booking__hint">{t("booking.services.hint")}</p>
      {categories.map((c) => (
        <fieldset key={c} className="booking__choices">
          <legend>{t(CATEGORY_KEYS[c])}</legend>
          {menu
            .filter((s) => s.category === c)
            .map((s) => (
              <label key={s.id} className="booking__choice">
                <input type="checkbox" name="servicio" value={s.id} defaultChecked={selected.includes(s.id)} />
                <strong>{s.name}</strong>
                <small>
                  {formatDuration(s.durationMin)} · {servicePriceText(t, s.priceCents, s.priceFrom)}
                </small>
              </label>
            ))}
        </fieldset>
      ))}
      <button type="submit" className="btn">
        {t("booking.services.continue")}
      </button>
    </Form>
  );
}
