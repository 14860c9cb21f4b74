import type { Generated } from "kysely";
import type { Locale } from "~/i18n/locales.ts";

/* One interface per table. Booleans are integers 0/1 on both
   databases; timestamps are ISO-8601 UTC text written by the app; money is cents. */

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  google_sub: string | null;
  display_name: string;
  first_name: string;
  last_name: string;
  phone: string;
  created_at: string;
  last_login_at: string | null;
  /** When the owner proved the address (a link by email, or Google). Null: unverified. */
  email_verified_at: string | null;
  /** customer | staff | owner (0006). Only an owner grants or removes staff roles. */
  role: Generated<string>;
  /** Last time an owner changed this user's role; every session ends then. */
  role_changed_at: string | null;
  /** The billing details last given at checkout (0011), offered next time. */
  billing_name: string | null;
  billing_tax_id: string | null;
  billing_address: string | null;
  billing_postal_code: string | null;
  billing_city: string | null;
  /** The language of her emails and documents (0027): the page she signed up on, then her choice in /perfil/ajustes. */
  locale: Generated<Locale>;
}

interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  /** The address the link was sent to: a later email change makes the link useless. */
  email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: string;
  created_at: string;
  /** Set when the session was opened with a second factor (staff); the staff area requires it. */
  second_factor_at: string | null;
}

interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

interface UserSettingsTable {
  user_id: string;
  /** Reminder emails before an edition starts (read by the reminder job). */
  course_emails: number;
  /** Marketing consent; `newsletter_consent_at` records when it was given (null once withdrawn). */
  newsletter: number;
  newsletter_consent_at: string | null;
  updated_at: string;
}

export interface CoursesTable {
  id: string;
  title: string;
  category: string;
  description: string;
  price_cents: number;
  original_price_cents: number;
  duration: string;
  class_size: number;
  level: string;
  rating: number;
  reviews: number;
  /** JSON array of strings. */
  features: string;
  image: string;
  highlighted: number;
  active: number;
  sort_order: number;
  updated_at: string | null;
  /** "standard" (21 % VAT included in the price) or "exempt" (art. 20.Uno.9º LIVA) (0011). */
  vat_treatment: Generated<string>;
  /** Catalan texts (0028); null: not translated, the Catalan pages show the Spanish one. */
  title_ca: string | null;
  description_ca: string | null;
  level_ca: string | null;
  duration_ca: string | null;
  /** JSON array of strings, like `features`. */
  features_ca: string | null;
}

export interface CourseEditionsTable {
  id: string;
  course_id: string;
  /** YYYY-MM-DD */
  starts_on: string;
  ends_on: string | null;
  seats: number;
  seats_taken: number;
  /** Seats reserved by payments in progress (0007): active rows of seat_holds. */
  seats_held: Generated<number>;
  /** open | full | closed | cancelled */
  status: string;
  /** Free text: days and hours ("Lunes y miércoles, 10:00–14:00"); empty when not set. */
  schedule: Generated<string>;
  updated_at: string | null;
  cancelled_at: string | null;
  /** `schedule` in Catalan (0028); null: not translated. */
  schedule_ca: string | null;
}

export interface OrdersTable {
  id: string;
  user_id: string | null;
  email: string | null;
  /** pending | paid | failed | cancelled | refunded */
  status: string;
  total_cents: number;
  currency: string;
  payment_method: string;
  provider: string;
  provider_session_id: string | null;
  /**
   * "Early start requested at": when the buyer expressly asked for an edition
   * starting within her 14-day withdrawal period to go ahead, accepting to pay
   * for the part already given if she withdraws later (art. 108.3 TRLGDCU).
   * Null when no chosen edition started that soon. The withdrawal right itself
   * is never waived (an in-person course is not digital content).
   */
  withdrawal_waiver_at: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** Buyer + sorted course ids + method; unique among pending orders (0004): one order per double click. */
  checkout_key: string | null;
  /** The hosted payment page was completed but the money has not settled yet (async methods). */
  checkout_completed_at: string | null;
  /** Set once the confirmation email went out (claimed after the paying transaction commits). */
  confirmation_sent_at: string | null;
  /** Sum of the refunds made so far (0005); equal to total_cents once status is refunded. */
  refunded_cents: Generated<number>;
  /** Billing details for a factura completa (0011): all null when none were given. */
  billing_name: string | null;
  billing_tax_id: string | null;
  billing_address: string | null;
  billing_postal_code: string | null;
  billing_city: string | null;
  /** The kind of sale (app/orders/kinds): "courses" | "deposit" (0013, the señal of one appointment). */
  kind: Generated<string>;
  /** The appointment a deposit order is for (0013); null for the shop's orders. */
  appointment_id: string | null;
  /** The language of the page the order was made on (0027): its emails and documents'. */
  locale: Generated<Locale>;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  /** The course bought (its place: `edition_id`); null on a line that sells something else (0014). */
  course_id: string | null;
  edition_id: string | null;
  title: string;
  price_cents: number;
  /** The edition's dates copied at purchase (0004), so history outlives the catalogue. */
  edition_starts_on: string | null;
  edition_ends_on: string | null;
  /** Paid, but the edition had no seat left for it (0007): refunded automatically (reason no-seat). */
  no_seat_at: Generated<string | null>;
  /** The salon service an appointment's deposit line is for (0014); null on other lines. */
  service_id: Generated<string | null>;
  /** The product a counter line sells (0029); null on other lines. */
  product_id: Generated<string | null>;
  /** Units (0029): 1 for everything but a counter's product line. */
  quantity: Generated<number>;
}

interface EnrollmentsTable {
  id: string;
  user_id: string;
  course_id: string;
  order_id: string;
  edition_id: string | null;
  enrolled_at: string;
  /** Unused since 0005 (in-person courses have no measured progress); kept with its default. */
  progress: Generated<number>;
  completed: Generated<number>;
  access_until: string;
  /** Set when the enrolment stops counting (duplicate, expired before a new purchase); one active per user and course. */
  ended_at: string | null;
  end_reason: string | null;
}

export interface RefundsTable {
  id: string;
  order_id: string;
  amount_cents: number;
  /** duplicate-purchase | staff | withdrawal | provider */
  reason: string;
  /** pending | succeeded | failed */
  status: string;
  provider_refund_id: string | null;
  created_at: string;
  completed_at: string | null;
  /** JSON array of the order_items ids the refund is for, when it is for whole lines (0011). */
  item_ids: string | null;
}

/** The transactional outbox (0005): work to do after a state change commits. */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON object: references (ids), never rendered mail or secrets. */
  payload: string;
  dedupe_key: string | null;
  /** pending | done | dead */
  status: string;
  attempts: number;
  run_after: string;
  /** A worker's lease: another worker may take the job once it has passed. */
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  done_at: string | null;
  /** The HTTP request that enqueued the job (0023), for its log lines; null outside a request. */
  request_id: string | null;
}

interface PaymentEventsTable {
  provider_event_id: string;
  type: string;
  order_id: string | null;
  received_at: string;
}

interface RateLimitsTable {
  key: string;
  points: number;
  expires_at: string;
}

interface ChatQuestionsTable {
  id: string;
  text: string;
  intent: string;
  score: number;
  created_at: string;
}

interface StaffInvitationsTable {
  token_hash: string;
  email: string;
  /** staff | owner */
  role: string;
  invited_by: string | null;
  /** 24 hours after the invitation, or 30 minutes after the link was opened (0017). */
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** When the link was first opened (its "Continuar" button), 0017. */
  opened_at: string | null;
  /** SHA-256 of the secret in the cookie of the browser that opened it: no other may use it (0017). */
  browser_hash: string | null;
}

interface StaffTotpTable {
  user_id: string;
  /** Base32 RFC 6238 secret. */
  secret: string;
  /** Null until the first correct code proved the authenticator app holds it. */
  confirmed_at: string | null;
  /** The last 30-second step accepted: a code is never accepted twice. */
  last_step: Generated<number>;
  created_at: string;
}

interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

interface StaffChallengesTable {
  token_hash: string;
  user_id: string;
  redirect_to: string | null;
  expires_at: string;
  created_at: string;
}

interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_email: string;
  /** e.g. course.update, edition.create, staff.invite, order.resend-confirmation */
  action: string;
  entity_type: string;
  entity_id: string | null;
  /** JSON of the record before the change (null for a creation). */
  before_json: string | null;
  /** JSON of the record after the change (null for a deletion). */
  after_json: string | null;
  created_at: string;
}

/** A seat reserved for an order while its payment is in progress (0007). */
interface SeatHoldsTable {
  id: string;
  order_id: string;
  edition_id: string;
  created_at: string;
  /** When the payment session ends; null while an async payment settles (the hold stays). */
  expires_at: string | null;
  /** The seat went back to the edition (expired, failed, cancelled). */
  released_at: string | null;
  /** The order was paid: the held seat became a taken one. */
  converted_at: string | null;
}

interface SalonSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  user_settings: UserSettingsTable;
  courses: CoursesTable;
  course_editions: CourseEditionsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  enrollments: EnrollmentsTable;
  payment_events: PaymentEventsTable;
  rate_limits: RateLimitsTable;
  chat_questions: ChatQuestionsTable;
  email_verifications: EmailVerificationsTable;
  refunds: RefundsTable;
  jobs: JobsTable;
  staff_invitations: StaffInvitationsTable;
  staff_totp: StaffTotpTable;
  recovery_codes: RecoveryCodesTable;
  staff_challenges: StaffChallengesTable;
  audit_log: AuditLogTable;
  salon_settings: SalonSettingsTable;
  seat_holds: SeatHoldsTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_confirmations: WaitlistConfirmationsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_lines: WithdrawalLinesTable;
  content_state: ContentStateTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  billing_chain: BillingChainTable;
  billing_records: BillingRecordsTable;
  billing_submissions: BillingSubmissionsTable;
  billing_record_status: BillingRecordStatusTable;
  verifactu_sender: VerifactuSenderTable;
  services: ServicesTable;
  professionals: ProfessionalsTable;
  professional_services: ProfessionalServicesTable;
  working_hours: WorkingHoursTable;
  time_off: TimeOffTable;
  appointments: AppointmentsTable;
  appointment_services: AppointmentServicesTable;
  appointment_slots: AppointmentSlotsTable;
  appointment_tokens: AppointmentTokensTable;
  client_notes: ClientNotesTable;
  site_photos: SitePhotosTable;
  backup_runs: BackupRunsTable;
  products: ProductsTable;
  counter_sales: CounterSalesTable;
  counter_sale_lines: CounterSaleLinesTable;
  counter_payments: CounterPaymentsTable;
  counter_returns: CounterReturnsTable;
  cash_days: CashDaysTable;
  cash_movements: CashMovementsTable;
}

/** The last number given in each invoice series (0011). */
interface InvoiceCountersTable {
  series: string;
  last_number: number;
}

/** Issued invoices and rectificativas (0011). Never updated or deleted (triggers refuse it). */
export interface InvoicesTable {
  id: string;
  /** "AN2026" (ordinary) or "ANR2026" (rectificativas). */
  series: string;
  number: number;
  /** Series and number as printed and hashed: "AN2026-000001". */
  full_number: string;
  /** F1 | F2 | R4 | R5 */
  kind: string;
  order_id: string;
  refund_id: string | null;
  rectified_invoice_id: string | null;
  issued_at: string;
  /** YYYY-MM-DD, Madrid. */
  issue_date: string;
  operation_date: string | null;
  /** JSON SellerIdentity as it was when issued. */
  seller: string;
  /** JSON InvoiceBuyer, or null on a simplified invoice. */
  buyer: string | null;
  buyer_email: string | null;
  base_cents: number;
  vat_cents: number;
  total_cents: number;
  currency: string;
  payment_method: string | null;
  /** A rectificativa's reason. */
  reason: string | null;
  /** The AEAT verification URL the QR encodes, fixed when issued. */
  qr_url: string;
  /** 1 when the record is sent to the AEAT (VERI*FACTU): the PDF prints the legend. */
  verifactu: number;
  /**
   * 1 on a demo sale's document (0015; app/invoices/series.ts): its own "DEMO-" series, no billing
   * record, no QR, no fiscal value. 0 on an invoice, including those issued before the column.
   */
  demo: Generated<number>;
}

interface InvoiceLinesTable {
  id: string;
  invoice_id: string;
  position: number;
  order_item_id: string | null;
  description: string;
  detail: string | null;
  quantity: number;
  vat_treatment: string;
  vat_rate_bp: number;
  base_cents: number;
  vat_cents: number;
  total_cents: number;
}

/** The head of the record chain (0011): one row, id 1; the lock that orders the records. */
interface BillingChainTable {
  id: number;
  last_position: number;
  last_huella: string;
}

/** Registros de facturación (0011): one per invoice, chained by huella. Never updated or deleted. */
interface BillingRecordsTable {
  position: number;
  invoice_id: string;
  /** "alta" */
  record_type: string;
  issuer_nif: string;
  invoice_number: string;
  /** DD-MM-YYYY, as hashed. */
  issue_date: string;
  invoice_type: string;
  /** Decimal strings as hashed ("221.98", "-17.36"). */
  vat_total: string;
  amount_total: string;
  /** "" for the first record. */
  previous_huella: string;
  /** FechaHoraHusoGenRegistro as hashed ("2026-11-24T10:20:30+01:00"). */
  generated_at: string;
  huella: string;
  xml: string;
  /** The rejected record this one subsana (0021, unique); null on an ordinary record. */
  corrects_position: number | null;
}

/**
 * Requests to the AEAT (0011): the VERI*FACTU sender (app/invoices/aeat/, 0020)
 * logs each one here with the AEAT's raw answer, apart from the immutable
 * records. record_position is the request's first record; status: sending |
 * answered | fault | http-<status> | network-error.
 */
interface BillingSubmissionsTable {
  id: string;
  record_position: number;
  attempted_at: string;
  status: string;
  response: string | null;
}

/** What became of a billing record at the AEAT (0020); no row: written while VERIFACTU_MODE was off, not sent. */
export interface BillingRecordStatusTable {
  position: number;
  /** pending | accepted | accepted-with-errors | rejected | corrected (rejected, then subsanado: 0021) */
  state: string;
  /** CodigoErrorRegistro and DescripcionErrorRegistro of the last answer. */
  code: string | null;
  description: string | null;
  /** The CSV of the request that registered it. */
  csv: string | null;
  submission_id: string | null;
  sent_at: string | null;
  answered_at: string | null;
  attempts: number;
}

/** The sender's one row (0020): the next request's earliest time and the lease of the instance sending. */
interface VerifactuSenderTable {
  id: number;
  not_before: string;
  locked_until: string | null;
  locked_by: string | null;
}

/** The public pages' content version (0010): one row (id 1), bumped by triggers. */
interface ContentStateTable {
  id: number;
  /** bigint: a string from PostgreSQL. */
  version: number | string;
}

/** A buyer's withdrawal from a paid order (0009), for some of its lines (0019). */
export interface WithdrawalsTable {
  id: string;
  /** Several per order since 0019 (each for some of its lines, withdrawal_lines). */
  order_id: string;
  requested_at: string;
  /** refunded | pending-staff | confirmed */
  status: string;
  refund_id: string | null;
  /** The proportional refund proposed to the staff after an early start (cents); null otherwise. */
  proposed_cents: number | null;
}

/** The order lines a withdrawal covers (0019); a line is withdrawn at most once (its id is the key). */
export interface WithdrawalLinesTable {
  order_item_id: string;
  withdrawal_id: string;
}

/** A person waiting for a seat of a full edition (0008). */
interface WaitlistEntriesTable {
  id: string;
  edition_id: string;
  /** Lower-cased; deleted with the entry's purpose (the staff remove it, or the edition ends). */
  email: string;
  user_id: string | null;
  created_at: string;
  /**
   * When the address was confirmed (the emailed link, or a signed-in verified
   * account joining): the entry counts in the queue from then (0016). Null while pending.
   */
  confirmed_at: string | null;
  offered_at: string | null;
  /** Until when the offered seat is held for them (the salon's setting, 12 h by default). */
  offer_expires_at: string | null;
  // offer_token_hash (0008) is still in the table, always null: an offer's email links to the course page.
  /** pending (unconfirmed; dropped after 48 h) | waiting | offered | taken | lapsed | removed */
  status: string;
  /** The language of the page she joined on (0027): her confirmation and offer emails'. */
  locale: Generated<Locale>;
}

/**
 * The emailed links that confirm a waiting-list entry (0016): the token's SHA-256
 * only, made when the email is sent. Good while the entry is pending and within
 * its 48 h (the entry's row decides: confirming it spends them all).
 */
interface WaitlistConfirmationsTable {
  token_hash: string;
  entry_id: string;
  created_at: string;
}

/** The salon's service menu (0012). */
export interface ServicesTable {
  /** Slug, e.g. "semipermanente". */
  id: string;
  name: string;
  /** manos | pies | facial | diseno */
  category: string;
  description: string;
  /** Minutes, a multiple of 5. */
  duration_min: number;
  /** Cleaning or drying after the service, minutes (multiple of 5). */
  buffer_min: number;
  price_cents: number;
  /** 1: the price is a "desde" price. */
  price_from: number;
  bookable_online: number;
  active: number;
  sort_order: number;
  /** 1: seeded, not yet reviewed by the owner. */
  review_pending: number;
  updated_at: string;
  /** The señal paid online when booking it (0013); null for none. */
  deposit_cents: number | null;
  /** Catalan texts (0028); null: not translated, the Catalan pages show the Spanish one. */
  name_ca: string | null;
  description_ca: string | null;
  /** The professional's commission on this service, basis points (0029); null: the professional's own rate. */
  commission_bp: Generated<number | null>;
}

/** The people who perform services (0012), optionally linked to a staff account. */
interface ProfessionalsTable {
  id: string;
  name: string;
  title: string;
  user_id: string | null;
  active: number;
  sort_order: number;
  updated_at: string;
  /** Commission on what she sells at the counter, basis points (0029); null: none set. */
  commission_bp: Generated<number | null>;
}

/** Which professional can perform which service (0012). */
interface ProfessionalServicesTable {
  professional_id: string;
  service_id: string;
}

/** A professional's weekly hours (0012), Madrid wall-clock minutes since midnight. */
interface WorkingHoursTable {
  id: string;
  professional_id: string;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  starts_min: number;
  ends_min: number;
}

/** A professional's day off or blocked time, or (professional_id null) a salon closure (0012). */
interface TimeOffTable {
  id: string;
  professional_id: string | null;
  starts_at: string;
  ends_at: string;
  reason: string;
  created_at: string;
  created_by: string | null;
}

/** One visit: one or several services in a row with one professional (0012). */
interface AppointmentsTable {
  id: string;
  professional_id: string;
  user_id: string | null;
  client_name: string;
  /** Lower-cased. */
  client_email: string;
  client_phone: string;
  starts_at: string;
  /** End of the last service. */
  ends_at: string;
  /** ends_at plus the last service's buffer: what the slots cover. */
  blocks_until: string;
  /** held | confirmed | cancelled | expired | attended | no_show */
  status: string;
  /** A guest's hold until she confirms by email; null once confirmed. */
  hold_expires_at: string | null;
  /** online | staff */
  source: string;
  client_comment: string;
  /** Sum of the services' prices, copied at booking. */
  price_cents: number;
  /** 1: at least one price is a "desde" price. */
  price_from: number;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
  /** client | staff */
  cancelled_by: string | null;
  /** The language of the page it was booked on (0027; "es" when the staff book it): its emails'. */
  locale: Generated<Locale>;
}

/** The services of an appointment, in order, as they were booked (0012). */
interface AppointmentServicesTable {
  appointment_id: string;
  position: number;
  service_id: string;
  name: string;
  duration_min: number;
  buffer_min: number;
  price_cents: number;
  price_from: number;
}

/** A five-minute slot taken by an appointment (0012); primary key (professional_id, slot). */
interface AppointmentSlotsTable {
  professional_id: string;
  /** floor(epoch ms / 300 000) */
  slot: number;
  appointment_id: string;
}

/** The staff's notes on a client, by lower-cased email (0012). */
interface ClientNotesTable {
  email: string;
  notes: string;
  updated_at: string;
  updated_by: string | null;
}

/** A link emailed about an appointment (0012), stored as the SHA-256 of its token. */
interface AppointmentTokensTable {
  token_hash: string;
  appointment_id: string;
  /** confirm | manage */
  purpose: string;
  created_at: string;
}

/** The salon's own photos (0018): hero, gallery, team, a professional's portrait, a service's picture. */
interface SitePhotosTable {
  id: string;
  /** hero | gallery | team | professional | service */
  slot: string;
  /** The professional's or the service's id; null for the other slots. */
  subject_id: string | null;
  alt: string;
  /** The gallery's caption; null elsewhere. */
  caption: string | null;
  /** Content hash naming the renditions (photo-<key>-<width>.<ext> under /img/uploads). */
  image_key: string;
  /** The largest rendition's size. */
  width: number;
  height: number;
  /** "#rrggbb", painted while the photo loads. */
  color: string;
  /** Order within the slot (the gallery's), from 1. */
  position: number;
  created_at: string;
  updated_at: string;
}

/** One backup run (0022), scheduled or manual (app/backups). */
export interface BackupRunsTable {
  id: string;
  /** scheduled | manual */
  kind: string;
  started_at: string;
  finished_at: string;
  /** ok | failed */
  status: string;
  /** The archive's name in BACKUP_DIR (ok runs). */
  file_name: string | null;
  bytes: number | null;
  /** Why it failed: a message without secrets. */
  error: string | null;
  /** pending | ok | failed | off (no bucket configured) */
  offsite_status: string;
  offsite_key: string | null;
  offsite_error: string | null;
  /** When the retention ladder deleted the archive (here and in the bucket). */
  pruned_at: string | null;
}

/** The products sold at the counter (0029). */
export interface ProductsTable {
  id: string;
  name: string;
  /** Catalan name for the client's ticket; null: the Spanish one. */
  name_ca: string | null;
  /** Price VAT included. */
  price_cents: number;
  /** 2100, 1000, 400 (basis points). */
  vat_rate_bp: Generated<number>;
  stock: Generated<number>;
  /** 1: the owner allows selling below zero. */
  allow_negative_stock: Generated<number>;
  barcode: string | null;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A sale at the counter (0029): a draft being put together, then charged (its order) or discarded. */
export interface CounterSalesTable {
  id: string;
  /** draft | charged | discarded */
  status: string;
  appointment_id: string | null;
  client_user_id: string | null;
  client_name: string | null;
  client_email: string | null;
  /** The client's language: her ticket's. */
  locale: Generated<string>;
  professional_id: string | null;
  /** percent | amount, or null: no discount on the total. */
  discount_kind: string | null;
  /** Basis points (percent) or cents (amount). */
  discount_value: number | null;
  discount_reason: string | null;
  /** The paid deposit order this sale deducts. */
  deposit_order_id: string | null;
  deposit_cents: Generated<number>;
  /** The tip, recorded apart from what is invoiced. */
  tip_cents: Generated<number>;
  /** JSON BillingDetails for a factura completa, or null. */
  billing: string | null;
  order_id: string | null;
  /** YYYY-MM-DD: the cash day it counts in (set when charged). */
  cash_day: string | null;
  version: Generated<number>;
  created_by: string;
  created_at: string;
  updated_at: string;
  charged_at: string | null;
  charged_by: string | null;
}

/** A line of a counter sale (0029). */
export interface CounterSaleLinesTable {
  id: string;
  sale_id: string;
  position: number;
  /** service | product | manual */
  kind: string;
  service_id: string | null;
  product_id: string | null;
  professional_id: string | null;
  description: string;
  quantity: Generated<number>;
  /** The catalogue's price when the line was added (the manual line's own). */
  list_price_cents: number;
  unit_price_cents: number;
  /** Why the price differs from the catalogue's. */
  price_reason: string | null;
  discount_cents: Generated<number>;
  discount_reason: string | null;
  vat_rate_bp: Generated<number>;
  /** The order line it became when charged. */
  order_item_id: string | null;
}

/** How a charged counter sale was paid (0029): one row per method. */
export interface CounterPaymentsTable {
  id: string;
  sale_id: string;
  /** cash | card | bizum */
  method: string;
  amount_cents: number;
  /** Cash handed over (the change is the difference). */
  tendered_cents: number | null;
  created_at: string;
}

/** Money given back at the counter (0029): its refund row (and rectificativa). */
export interface CounterReturnsTable {
  id: string;
  sale_id: string;
  refund_id: string;
  /** cash | card | bizum */
  method: string;
  amount_cents: number;
  reason: string;
  /** JSON [{ lineId, quantity }] of the lines returned. */
  lines: string;
  cash_day: string;
  created_by: string;
  created_at: string;
}

/** A day's till (0029): the float it opened with and, once closed, the count. */
export interface CashDaysTable {
  /** YYYY-MM-DD, Madrid. */
  day: string;
  opening_float_cents: number;
  opened_at: string;
  opened_by: string;
  closed_at: string | null;
  closed_by: string | null;
  expected_cents: number | null;
  counted_cents: number | null;
  /** JSON { [denominationCents]: count }. */
  counted_detail: string | null;
  difference_cents: number | null;
  note: string | null;
  reopen_count: Generated<number>;
}

/** Cash put into or taken out of the till (0029). */
export interface CashMovementsTable {
  id: string;
  day: string;
  /** in | out */
  direction: string;
  amount_cents: number;
  reason: string;
  created_by: string;
  created_at: string;
}
