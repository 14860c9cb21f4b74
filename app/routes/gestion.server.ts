import type { RouterContextProvider } from "react-router";
import { getServices } from "~/context.server.ts";
import { loadDashboard } from "~/staff/dashboard.server.ts";

/** The panel's figures as of now (the staff layout's middleware already checked the role). */
export async function loadPanel(context: Readonly<RouterContextProvider>) {
  const { db } = getServices(context);
  return loadDashboard(db);
}
