/**
 * The seller's legal identity, in one place: the fields the owner saved in
 * Gestión (salon_settings key "seller", JSON) over those set in the
 * configuration (SELLER_*). Read by the invoices, /aviso-legal, /privacy and
 * Gestión. Saving it is audited and queues the invoices that were waiting for it.
 */
import { PostgresAdapter } from "kysely";
import { site } from "~/content/site.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import {
  DEFAULT_SERIES_PREFIX,
  missingSellerFields,
  SELLER_FIELDS,
  sellerAddressLine,
  type SellerData,
  type SellerField,
} from "~/domain/seller.ts";
import { enqueueJob } from "~/jobs/queue.server.ts";
import { nowIso } from "~/lib/ids.server.ts";
import { recordAudit, type AuditActor } from "~/audit/audit.server.ts";
import type { SellerIdentity } from "./document.ts";

const SELLER_KEY = "seller";
/** The job that issues the invoices of orders paid while the seller data was incomplete. */
export const ISSUE_PENDING_INVOICES = "invoices:issue-pending";

interface SellerState {
  /** Every field, empty when unknown; seriesPrefix always set. */
  data: SellerData;
  /** Required fields still empty: no invoice is issued until this is empty. */
  missing: SellerField[];
  /** Which fields come from Gestión (the others from the configuration, or nowhere). */
  savedInGestion: SellerField[];
}

function parseStored(value: string | undefined): Partial<SellerData> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== "object") return {};
    const out: Partial<SellerData> = {};
    for (const field of SELLER_FIELDS) {
      const v = (parsed as Record<string, unknown>)[field];
      if (typeof v === "string" && v.trim()) out[field] = v;
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * The seller data now. `lock`: inside an issuing transaction on PostgreSQL, a
 * share lock on the row, so a concurrent save waits for the issue to commit (and
 * the job it queues then sees this order) or the issue sees the saved data.
 */
export async function readSeller(
  db: Db,
  fromConfig: Partial<SellerData>,
  opts: { lock?: boolean } = {},
): Promise<SellerState> {
  let query = db.selectFrom("salon_settings").select("value").where("key", "=", SELLER_KEY);
  if (opts.lock && db.getExecutor().adapter instanceof PostgresAdapter) query = query.forShare();
  const row = await query.executeTakeFirst();
  const saved = parseStored(row?.value);
  const data = {} as SellerData;
  for (const field of SELLER_FIELDS) data[field] = saved[field] ?? fromConfig[field] ?? "";
  if (!data.seriesPrefix) data.seriesPrefix = DEFAULT_SERIES_PREFIX;
  return {
    data,
    missing: missingSellerFields(data),
    savedInGestion: SELLER_FIELDS.filter((f) => saved[f] !== undefined),
  };
}

/** The identity an invoice states, or null while a required field is missing. */
export function sellerIdentity(state: SellerState): SellerIdentity | null {
  if (state.missing.length > 0) return null;
  const d = state.data;
  return {
    legalName: d.legalName,
    tradeName: site.name,
    nif: d.nif,
    address: d.address,
    postalCode: d.postalCode,
    city: d.city,
    province: d.province,
    registry: d.registry || null,
    email: site.email,
    phone: site.phone.display,
  };
}

/**
 * Stores what the owner saved (already validated: parseSellerForm), with its
 * audit entry, and queues the issue of every invoice that waited for it.
 * Returns false when nothing changed.
 */
export async function saveSeller(
  db: Db,
  actor: AuditActor,
  next: SellerData,
  fromConfig: Partial<SellerData>,
  now = new Date(),
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await readSeller(trx, fromConfig, { lock: true });
    const changed = SELLER_FIELDS.some((f) => before.data[f] !== next[f]);
    if (!changed) return false;
    const value = JSON.stringify(next);
    const updatedAt = nowIso();
    await trx
      .insertInto("salon_settings")
      .values({ key: SELLER_KEY, value, updated_at: updatedAt })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: updatedAt }))
      .execute();
    await recordAudit(trx, actor, {
      action: "seller.update",
      entityType: "seller",
      entityId: SELLER_KEY,
      before: before.data,
      after: next,
    });
    if (missingSellerFields(next).length === 0) {
      await enqueueJob(trx, { kind: ISSUE_PENDING_INVOICES, payload: {}, now });
    }
    return true;
  });
}

/** What the legal pages state about the owner: only what is known (never a placeholder). */
interface PublicSellerFacts {
  legalName: string | null;
  nif: string | null;
  /** The fiscal address on one line, when complete. */
  address: string | null;
  registry: string | null;
}

export async function publicSellerFacts(db: Db, fromConfig: Partial<SellerData>): Promise<PublicSellerFacts> {
  const { data } = await readSeller(db, fromConfig);
  const addressKnown = data.address && data.postalCode && data.city;
  return {
    legalName: data.legalName || null,
    nif: data.nif || null,
    address: addressKnown ? sellerAddressLine(data) : null,
    registry: data.registry || null,
  };
}
