import { data, redirect, type RouterContextProvider } from "react-router";
import { requireOwner } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { parseSellerUpdate, SELLER_FIELDS, SELLER_REQUIRED_MESSAGES, type SellerField } from "~/domain/seller.ts";
import { countOrdersAwaitingInvoices } from "~/invoices/pending.server.ts";
import { readSeller, saveSeller, SellerDataIncomplete } from "~/invoices/seller.server.ts";

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

/**
 * Validates and saves (audited as `seller.update`); complete data queues the
 * waiting invoices. Only the fields the form carried change (a field it did not
 * carry keeps its value); a required field sent empty, a form without any field,
 * or a save that leaves a required field unknown answers 400 and stores nothing.
 */
export async function saveSellerPage(request: Request, context: Ctx) {
  const owner = requireOwner(context);
  const { db, config, logger, jobs } = getServices(context);
  const form = await request.formData();
  const input: Partial<Record<SellerField, string>> = {};
  for (const field of SELLER_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string") input[field] = value;
  }
  const parsed = parseSellerUpdate(input);
  // The form is drawn again with what was sent over what is saved.
  const refuse = async (errors: SellerFormErrors, values: Partial<Record<SellerField, string>>) =>
    data({ errors, values: { ...(await readSeller(db, config.seller)).data, ...values } }, { status: 400 });
  if (!parsed.ok) return refuse(parsed.errors, parsed.values);
  try {
    await saveSeller(db, { id: owner.id, email: owner.email }, parsed.changes, config.seller);
  } catch (err) {
    if (err instanceof SellerDataIncomplete) {
      const errors = Object.fromEntries(err.missing.map((f) => [f, SELLER_REQUIRED_MESSAGES[f]]));
      return refuse(errors, parsed.changes);
    }
    logger.error({ err }, "datos fiscales: no se pudieron guardar");
    return data(
      {
        errors: { form: "No se han podido guardar los datos. Inténtalo de nuevo en unos minutos." } as SellerFormErrors,
        values: parsed.changes as Partial<Record<SellerField, string>>,
      },
      { status: 500 },
    );
  }
  jobs?.kick();
  return redirect("/gestion/datos-fiscales?guardado=1");
}
