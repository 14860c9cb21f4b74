import type { Migration, MigrationProvider } from "kysely/migration";
import { initial } from "./0001-initial.server.ts";
import { catalogueSeed } from "./0002-catalogue-seed.server.ts";
import { accounts } from "./0003-accounts.server.ts";
import { payments } from "./0004-payments.server.ts";
import { hardening } from "./0005-hardening.server.ts";
import { staff } from "./0006-staff.server.ts";
import { seatHolds } from "./0007-seat-holds.server.ts";
import { waitlist } from "./0008-waitlist.server.ts";
import { withdrawals } from "./0009-withdrawals.server.ts";
import { contentVersion } from "./0010-content-version.server.ts";
import { invoices } from "./0011-invoices.server.ts";
import { bookings } from "./0012-bookings.server.ts";
import { deposits } from "./0013-deposits.server.ts";
import { orderLines } from "./0014-order-lines.server.ts";
import { demoDocuments } from "./0015-demo-documents.server.ts";
import { waitlistConfirmation } from "./0016-waitlist-confirmation.server.ts";
import { activationBinding } from "./0017-activation-binding.server.ts";
import { sitePhotos } from "./0018-site-photos.server.ts";
import { withdrawalLines } from "./0019-withdrawal-lines.server.ts";
import { verifactuSender } from "./0020-verifactu-sender.server.ts";
import { billingSubsanacion } from "./0021-billing-subsanacion.server.ts";
import { backupRuns } from "./0022-backup-runs.server.ts";
import { jobRequestId } from "./0023-job-request-id.server.ts";
import { scaleIndexes } from "./0024-scale-indexes.server.ts";
import { listIndexes } from "./0025-list-indexes.server.ts";
import { panelIndexes } from "./0026-panel-indexes.server.ts";
import { languages } from "./0027-languages.server.ts";
import { catalanTexts } from "./0028-catalan-texts.server.ts";
import { counter } from "./0029-counter.server.ts";

/** Static, numbered list: the bundle needs no file-system scan at start. Add new ones at the end. */
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  // A no-op since the catalogue moved to app/db/seed.server.ts; kept so databases that ran it stay consistent.
  "0002-catalogue-seed": catalogueSeed,
  "0003-accounts": accounts,
  "0004-payments": payments,
  "0005-hardening": hardening,
  "0006-staff": staff,
  "0007-seat-holds": seatHolds,
  "0008-waitlist": waitlist,
  "0009-withdrawals": withdrawals,
  "0010-content-version": contentVersion,
  "0011-invoices": invoices,
  "0012-bookings": bookings,
  "0013-deposits": deposits,
  "0014-order-lines": orderLines,
  "0015-demo-documents": demoDocuments,
  "0016-waitlist-confirmation": waitlistConfirmation,
  "0017-activation-binding": activationBinding,
  "0018-site-photos": sitePhotos,
  "0019-withdrawal-lines": withdrawalLines,
  "0020-verifactu-sender": verifactuSender,
  "0021-billing-subsanacion": billingSubsanacion,
  "0022-backup-runs": backupRuns,
  "0023-job-request-id": jobRequestId,
  "0024-scale-indexes": scaleIndexes,
  "0025-list-indexes": listIndexes,
  "0026-panel-indexes": panelIndexes,
  "0027-languages": languages,
  "0028-catalan-texts": catalanTexts,
  "0029-counter": counter,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
