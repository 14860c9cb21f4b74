import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getUser } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { NOTIFY_KINDS, NOTIFY_LABELS, type NotifyKind } from "~/domain/salon-notify.ts";
import { getNotifySettings, saveNotifySettings, type NotifySettings } from "~/salon/settings.server.ts";

type Ctx = Readonly<RouterContextProvider>;

export type AvisosErrors = Partial<Record<NotifyKind | "form", string>>;

/** A checked box sends "on"; an unchecked one sends nothing. Anything else is not from our form. */
const switchValue = z.union([z.undefined(), z.literal("on")]);

export async function loadAvisos(request: Request, context: Ctx) {
  const { db, config } = getServices(context);
  return {
    settings: await getNotifySettings(db),
    address: config.salonNotifyEmail,
    saved: new URL(request.url).searchParams.get("guardado") === "1",
  };
}

/** Saves the three switches (audited as `salon-settings.update`), then back to the page. */
export async function saveAvisos(request: Request, context: Ctx) {
  const user = getUser(context);
  const { db, logger } = getServices(context);
  const form = await request.formData();
  const errors: AvisosErrors = {};
  const next = {} as NotifySettings;
  for (const kind of NOTIFY_KINDS) {
    const raw = form.getAll(kind);
    const parsed = switchValue.safeParse(raw.length > 1 ? raw : raw[0]);
    if (!parsed.success) errors[kind] = `Valor no válido para «${NOTIFY_LABELS[kind]}»: marca o desmarca la casilla.`;
    else next[kind] = parsed.data === "on";
  }
  if (Object.keys(errors).length > 0) return data({ errors }, { status: 400 });
  try {
    await saveNotifySettings(db, { id: user.id, email: user.email }, next);
  } catch (err) {
    logger.error({ err }, "avisos: no se pudieron guardar");
    return data(
      { errors: { form: "No se han podido guardar los avisos. Inténtalo de nuevo en unos minutos." } as AvisosErrors },
      { status: 500 },
    );
  }
  return redirect("/gestion/avisos?guardado=1");
}
