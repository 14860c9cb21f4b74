/**
 * The salon's booking rules (issue 15): how far ahead and how late a client may
 * book, until when she may cancel or move, how long a guest's unconfirmed
 * booking holds its slot, and how many upcoming appointments one client may
 * book on the site (issue 31). The owner sets them in Gestión (salon_settings
 * key `booking`, app/bookings/booking-settings.server.ts); these are the defaults.
 */
export interface BookingRules {
  /** Minimum notice: no start sooner than this after now. */
  noticeMinutes: number;
  /** Horizon: no start more than this many days ahead. */
  horizonDays: number;
  /** Cancellation window: a client may cancel or move until this many hours before. */
  cancelHours: number;
  /** A guest's booking holds its slot this long while she confirms by email. */
  holdMinutes: number;
  /**
   * At most this many upcoming appointments (held or confirmed) one client may
   * have booked on the site, counted by her email, her phone and her account
   * (app/bookings/client-cap.server.ts). The staff's bookings are not counted.
   */
  maxUpcomingPerClient: number;
}

export const DEFAULT_BOOKING_RULES: BookingRules = {
  noticeMinutes: 120,
  horizonDays: 60,
  cancelHours: 24,
  holdMinutes: 20,
  maxUpcomingPerClient: 3,
};

/** Offered start times fall on quarter hours. */
export const START_STEP_MINUTES = 15;

/** The bounds the settings form accepts. */
export const BOOKING_RULE_LIMITS: Record<keyof BookingRules, { min: number; max: number }> = {
  noticeMinutes: { min: 0, max: 7 * 24 * 60 },
  horizonDays: { min: 1, max: 365 },
  cancelHours: { min: 0, max: 14 * 24 },
  holdMinutes: { min: 5, max: 120 },
  maxUpcomingPerClient: { min: 1, max: 20 },
};

/** Whether the client herself may still cancel or move an appointment starting at `startsAt`. */
export function clientMayChange(startsAt: number, now: number, rules: Pick<BookingRules, "cancelHours">): boolean {
  return startsAt - now >= rules.cancelHours * 3_600_000;
}
