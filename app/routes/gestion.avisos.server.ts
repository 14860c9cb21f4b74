import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getUser, requireOwner } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { isOwnerRole } from "~/domain/roles.ts";
import {
  ADDRESS_FIELD,
  ADDRESS_INTENT,
  NOTIFY_ADDRESS_ERROR,
  NOTIFY_KINDS,
  NOTIFY_LABELS,
  parseNotifyAddress,
  type NotifyKind,
} from "~/domain/salon-notify.ts";
import {
  getNotifyAddress,
  getNotifySettings,
  saveNotifyAddress,
  saveNotifySettings,
  type NotifySettings,
} from "~/salon/settings.server.ts";

type Ctx = Readonly<RouterContextProvider>;

export type AvisosErrors = Partial<Record<NotifyKind | "form" | "address", string>>;

/** A checked box sends "on"; an unchecked one sends nothing. Anything else is not from our form. */
const switchValue = z.union([z.undefined(), z.literal("on")]);

export async function loadAvisos(request: Request, context: Ctx) {
  const { db, config } = getServices(context);
  const [settings, chosen] = await Promise.all([getNotifySettings(db), getNotifyAddress(db)]);
  const saved = new URL(request.url).searchParams.get("guardado");
  return {
    settings,
    /** Where the notices go now: the owner's address, else the configuration's. */
    address: chosen ?? config.salonNotifyEmail,
    /** The configuration's address (SALON_NOTIFY_EMAIL), used when the owner sets none. */
    defaultAddress: config.salonNotifyEmail,
    custom: chosen !== undefined,
    /** Only the owner redirects the notices (they carry clients' details) elsewhere. */
    mayChangeAddress: isOwnerRole(getUser(context).role),
    saved: saved === "1",
    addressSaved: saved === "direccion",
  };
}

const SAVE_FAILED = "No se han podido guardar los avisos. Inténtalo de nuevo en unos minutos.";

/** The address form (the owner's only): validated, saved with its audit entry (`salon-settings.update`), then back to the page. */
async function saveAddress(form: FormData, context: Ctx) {
  const user = requireOwner(context);
  const { db, logger } = getServices(context);
  const raw = form.getAll(ADDRESS_FIELD);
  const address = raw.length === 1 ? parseNotifyAddress(raw[0]) : null;
  const value = typeof raw[0] === "string" ? raw[0].slice(0, 300) : "";
  if (address === null) {
    return data({ errors: { address: NOTIFY_ADDRESS_ERROR } as AvisosErrors, value }, { status: 400 });
  }
  try {
    await saveNotifyAddress(db, { id: user.id, email: user.email }, address);
  } catch (err) {
    logger.error({ err }, "avisos: no se pudo guardar la dirección");
    return data({ errors: { form: SAVE_FAILED } as AvisosErrors, value }, { status: 500 });
  }
  return redirect("/gestion/avisos?guardado=direccion");
}

/** Saves the switches (audited as `salon-settings.update`), or the address; then back to the page. */
export async function saveAvisos(request: Request, context: Ctx) {
  const form = await request.formData();
  if (form.get("intent") === ADDRESS_INTENT) return saveAddress(form, context);
  const user = getUser(context);
  const { db, logger } = getServices(context);
  const errors: AvisosErrors = {};
  const next = {} as NotifySettings;
  for (const kind of NOTIFY_KINDS) {
    const raw = form.getAll(kind);
    const parsed = switchValue.safeParse(raw.length > 1 ? raw : raw[0]);
    if (!parsed.success) errors[kind] = `Valor no válido para «${NOTIFY_LABELS[kind]}»: marca o desmarca la casilla.`;
    else next[kind] = parsed.data === "on";
  }
  if (Object.keys(errors).length > 0) return data({ errors, value: undefined }, { status: 400 });
  try {
    await saveNotifySettings(db, { id: user.id, email: user.email }, next);
  } catch (err) {
    logger.error({ err }, "avisos: no se pudieron guardar");
    return data({ errors: { form: SAVE_FAILED } as AvisosErrors, value: undefined }, { status: 500 });
  }
  return redirect("/gestion/avisos?guardado=1");
}
