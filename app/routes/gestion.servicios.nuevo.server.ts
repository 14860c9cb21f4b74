import type { RouterContextProvider } from "react-router";
import { getServices } from "~/context.server.ts";
import { professionalOptions } from "./gestion.servicios.server.ts";

/** GET /gestion/servicios/nuevo: the active professionals to tick. */
export async function loadNewService(context: Readonly<RouterContextProvider>) {
  return { professionals: await professionalOptions(getServices(context).db) };
}
