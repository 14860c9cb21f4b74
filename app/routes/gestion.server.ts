import type { RouterContextProvider } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { loadBackupPanel } from "~/backups/panel.server.ts";
import { getServices } from "~/context.server.ts";
import { isOwnerRole } from "~/domain/roles.ts";
import { SELLER_FIELD_LABELS } from "~/domain/seller.ts";
import { loadAeatAlerts } from "~/invoices/aeat/status-queries.server.ts";
import { readSeller } from "~/invoices/seller.server.ts";
import { loadDashboard } from "~/staff/dashboard.server.ts";
import { loadToday } from "~/staff/today.server.ts";

/** The panel's figures as of now (the staff layout's middleware already checked the role). */
export async function loadPanel(context: Readonly<RouterContextProvider>) {
  const { db, config } = getServices(context);
  const now = new Date();
  const [dashboard, today, seller, aeat, backup] = await Promise.all([
    // The money figures are the same for every member of staff: read at most once a minute (the panel says so).
    loadDashboard(db, now, { shareMoney: true }),
    loadToday(db, now),
    readSeller(db, config.seller),
    loadAeatAlerts(db, now),
    loadBackupPanel(db, config, { now, owner: isOwnerRole(getUser(context).role) }),
  ]);
  // Invoices wait while the seller data is incomplete: the panel says so to everyone, the owner can fix it.
  return {
    ...dashboard,
    day: today,
    sellerMissing: seller.missing.map((f) => SELLER_FIELD_LABELS[f]),
    // Records waiting more than an hour for the AEAT, or rejected by it: the panel warns.
    aeat,
    // The last backup and its off-site copy; a warning when stale (26 h) or the copy failed.
    backup,
  };
}
