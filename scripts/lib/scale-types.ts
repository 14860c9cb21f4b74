// The shapes of the scale seed (scale-plan.ts makes a plan, scale-write.ts writes it).
import type { Insertable } from "kysely";
import type { Database } from "~/db/schema.ts";
import type { Rng } from "./util.ts";

type Row<T extends keyof Database> = Insertable<Database[T]>;

export interface ScaleService {
  id: string;
  name: string;
  duration_min: number;
  buffer_min: number;
  price_cents: number;
  price_from: number;
  deposit_cents: number | null;
}

export interface ScaleCourse {
  id: string;
  title: string;
  price_cents: number;
  vat_treatment: string;
}

export interface ScaleInput {
  rng: Rng;
  now: Date;
  years: number;
  /** 1: the sizes of a busy salon (about 18,000 appointments and 4,000 clients a year); less for a quick run. */
  scale: number;
  services: ScaleService[];
  professionals: string[];
  courses: ScaleCourse[];
  /** The staff member the audit entries name. */
  staff: { id: string; email: string };
}

/** A sale or a refund that gets its invoice (or rectificativa) at `at`. */
export interface InvoiceEvent {
  at: string;
  kind: "sale" | "refund";
  order: Row<"orders">;
  items: Row<"order_items">[];
  refund: Row<"refunds"> | null;
}

export interface ScalePlan {
  users: Row<"users">[];
  clients: number;
  editions: Row<"course_editions">[];
  appointments: Row<"appointments">[];
  appointmentServices: Row<"appointment_services">[];
  /** Slots of the appointments that take time, made on the fly (about a dozen per appointment). */
  slots: () => Generator<Row<"appointment_slots">>;
  orders: Row<"orders">[];
  items: Row<"order_items">[];
  enrollments: Row<"enrollments">[];
  refunds: Row<"refunds">[];
  audit: Row<"audit_log">[];
  /** Oldest first: the order of the record chain. */
  events: InvoiceEvent[];
}
