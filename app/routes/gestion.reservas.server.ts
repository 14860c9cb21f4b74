import { data, redirect, type RouterContextProvider } from "react-router";
import { requireOwner } from "~/auth/user-context.server.ts";
import { getBookingSettings, saveBookingSettings } from "~/bookings/booking-settings.server.ts";
import { site } from "~/content/site.ts";
import { getServices } from "~/context.server.ts";
import {
  BOOKING_FORM_FIELDS,
  bookingFormValues,
  parseBookingSettingsForm,
  type BookingFormErrors,
} from "~/domain/booking-settings-form.ts";

type Ctx = Readonly<RouterContextProvider>;

export type BookingSettingsPageErrors = BookingFormErrors & { form?: string };

/** Owner only: the booking settings as the form shows them. */
export async function loadBookingSettingsPage(request: Request, context: Ctx) {
  requireOwner(context);
  const { db } = getServices(context);
  const settings = await getBookingSettings(db);
  return {
    values: bookingFormValues(settings, site.externalBookingUrl),
    saved: new URL(request.url).searchParams.get("guardado") === "1",
  };
}

/** Validates and saves (audited as `booking-settings.update`), then back to the page. */
export async function saveBookingSettingsPage(request: Request, context: Ctx) {
  const owner = requireOwner(context);
  const { db, logger } = getServices(context);
  const form = await request.formData();
  const input = Object.fromEntries(BOOKING_FORM_FIELDS.map((f) => [f, form.get(f) ?? ""]));
  const parsed = parseBookingSettingsForm(input);
  if (!parsed.ok) {
    return data({ errors: parsed.errors as BookingSettingsPageErrors, values: parsed.values }, { status: 400 });
  }
  try {
    await saveBookingSettings(db, { id: owner.id, email: owner.email }, parsed.settings);
  } catch (err) {
    logger.error({ err }, "reservas: no se pudieron guardar los ajustes");
    return data(
      {
        errors: {
          form: "No se han podido guardar los ajustes. Inténtalo de nuevo en unos minutos.",
        } as BookingSettingsPageErrors,
        values: bookingFormValues(parsed.settings, site.externalBookingUrl),
      },
      { status: 500 },
    );
  }
  return redirect("/gestion/reservas?guardado=1");
}
