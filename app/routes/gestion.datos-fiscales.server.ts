import { data, redirect, type RouterContextProvider } from "react-router";
import { requireOwner } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { parseSellerForm, SELLER_FIELDS, type SellerField } from "~/domain/seller.ts";
import { countOrdersAwaitingInvoices } from "~/invoices/pending.server.ts";
import { readSeller, saveSeller } from "~/invoices/seller.server.ts";

type Ctx = Readonly<RouterContextProvider>;

export type SellerFormErrors = Partial<Record<SellerField | "form", string>>;

/** Owner only: the seller data now, what is missing and where each field comes from. */
export async function loadSellerPage(request: Request, context: Ctx) {
  requireOwner(context);
  const { db, config } = getServices(context);
  const state = await readSeller(db, config.seller);
  const pendingOrders = await countOrdersAwaitingInvoices(db);
  return {
    data: state.data,
    missing: state.missing,
    fromConfig: SELLER_FIELDS.filter((f) => !state.savedInGestion.includes(f) && config.seller[f] !== undefined),
    pendingOrders,
    saved: new URL(request.url).searchParams.get("guardado") === "1",
  };
}

/** Validates and saves (audited as `seller.update`); complete data queues the waiting invoices. */
export async function saveSellerPage(request: Request, context: Ctx) {
  const owner = requireOwner(context);
  const { db, config, logger, jobs } = getServices(context);
  const form = await request.formData();
  const input = Object.fromEntries(SELLER_FIELDS.map((f) => [f, form.get(f) ?? ""]));
  const parsed = parseSellerForm(input);
  if (!parsed.ok) return data({ errors: parsed.errors as SellerFormErrors, values: parsed.values }, { status: 400 });
  try {
    await saveSeller(db, { id: owner.id, email: owner.email }, parsed.data, config.seller);
  } catch (err) {
    logger.error({ err }, "datos fiscales: no se pudieron guardar");
    return data(
      {
        errors: { form: "No se han podido guardar los datos. Inténtalo de nuevo en unos minutos." } as SellerFormErrors,
        values: parsed.data as Partial<Record<SellerField, string>>,
      },
      { status: 500 },
    );
  }
  jobs?.kick();
  return redirect("/gestion/datos-fiscales?guardado=1");
}
