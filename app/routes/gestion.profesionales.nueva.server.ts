import type { RouterContextProvider } from "react-router";
import { getServices } from "~/context.server.ts";
import { professionalFormOptions } from "./gestion.profesionales.server.ts";

/** GET /gestion/profesionales/nueva: the services to tick and the accounts to link. */
export async function loadNewProfessional(context: Readonly<RouterContextProvider>) {
  return professionalFormOptions(getServices(context).db);
}
