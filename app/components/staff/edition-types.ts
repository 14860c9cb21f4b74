/** An edition as the staff screens show it: the loaders' shape (a type-only import, erased from the browser bundle). */
export type { StaffEditionRow as StaffEditionView } from "~/orders/staff-attendees.server.ts";
