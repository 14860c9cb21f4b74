/**
 * The seller's legal identity, in one place: the fields the owner saved in
 * Gestión (salon_settings key "seller", JSON) over those set in the
 * configuration (SELLER_*). Read by the invoices, /aviso-legal, /privacy and
 * Gestión. Saving it is a merge (a field the owner did not send keeps its value),
 * refused while a required field would be unknown, audited with the fields that
 * changed, and queues the invoices that were waiting for it.
 */
import { PostgresAdapter } from "kysely";
import { site } from "~/content/site.ts";
import { inTransaction, type Db } from "~/db/db.server.ts";
import {
  DEFAULT_SERIES_PREFIX,
  missingSellerFields,
  SELLER_FIELDS,
  sellerAddressLine,
  type RequiredSellerField,
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

/** Every field as the invoices see it: saved in Gestión, else configured, else empty; the prefix AN by default. */
function effectiveSeller(saved: Partial<SellerData>, fromConfig: Partial<SellerData>): SellerData {
  const data = {} as SellerData;
  for (const field of SELLER_FIELDS) data[field] = saved[field] || fromConfig[field] || "";
  if (!data.seriesPrefix) data.seriesPrefix = DEFAULT_SERIES_PREFIX;
  return data;
}

/** The fields saved in Gestión. `lock` (PostgreSQL): share, or update for a read-modify-write. */
async function readSaved(db: Db, lock?: "share" | "update"): Promise<Partial<SellerData>> {
  let query = db.selectFrom("salon_settings").select("value").where("key", "=", SELLER_KEY);
  if (lock && db.getExecutor().adapter instanceof PostgresAdapter) {
    query = lock === "share" ? query.forShare() : query.forUpdate();
  }
  return parseStored((await query.executeTakeFirst())?.value);
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
  const saved = await readSaved(db, opts.lock ? "share" : undefined);
  const data = effectiveSeller(saved, fromConfig);
  return {
    data,
    missing: missingSellerFields(data),
    savedInGestion: SELLER_FIELDS.filter((f) => saved[f] !== undefined),
  };
}

/** A save that would leave required fields unknown (nothing was stored). */
export class SellerDataIncomplete extends Error {
  constructor(readonly missing: RequiredSellerField[]) {
    super(`seller data incomplete: ${missing.join(", ")}`);
  }
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
 * Merges what the owner sent (already validated: parseSellerUpdate) into the
 * saved data: a field left out keeps its value, and a field sent with the value
 * it already has (the configured one included) is not stored. Throws
 * SellerDataIncomplete, storing nothing, when a required field would still be
 * unknown. Records the fields that changed (before and after) in the audit log
 * and queues the issue of every invoice that waited for the data. Returns false
 * when nothing changed.
 */
export async function saveSeller(
  db: Db,
  actor: AuditActor,
  changes: Partial<SellerData>,
  fromConfig: Partial<SellerData>,
  now = new Date(),
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const updatedAt = nowIso();
    // The row exists before it is read for update, so two first saves take turns too.
    await trx
      .insertInto("salon_settings")
      .values({ key: SELLER_KEY, value: "{}", updated_at: updatedAt })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    const saved = await readSaved(trx, "update");
    const before = effectiveSeller(saved, fromConfig);
    const next: Partial<SellerData> = { ...saved };
    for (const field of SELLER_FIELDS) {
      const value = changes[field];
      if (value === undefined || value === before[field]) continue;
      if (value) next[field] = value;
      else delete next[field];
    }
    const after = effectiveSeller(next, fromConfig);
    const missing = missingSellerFields(after);
    if (missing.length > 0) throw new SellerDataIncomplete(missing);
    const changed = SELLER_FIELDS.filter((f) => before[f] !== after[f]);
    if (changed.length === 0) return false;
    const value = JSON.stringify(next);
    await trx
      .updateTable("salon_settings")
      .set({ value, updated_at: updatedAt })
      .where("key", "=", SELLER_KEY)
      .execute();
    const pick = (data: SellerData) => Object.fromEntries(changed.map((f) => [f, data[f]]));
    await recordAudit(trx, actor, {
      action: "seller.update",
      entityType: "seller",
      entityId: SELLER_KEY,
      before: pick(before),
      after: pick(after),
    });
    await enqueueJob(trx, { kind: ISSUE_PENDING_INVOICES, payload: {}, now });
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
