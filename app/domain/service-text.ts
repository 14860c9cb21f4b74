/**
 * How a service's duration and price read everywhere (the booking pages, the
 * emails, the assistant, Gestión). Pure.
 */
import { formatEuros } from "./pricing.ts";

/** 45 → "45 min", 60 → "1 h", 90 → "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "25,00 €", or "desde 40,00 €" for a "desde" price. */
export function formatServicePrice(cents: number, from: boolean): string {
  return from ? `desde ${formatEuros(cents)}` : formatEuros(cents);
}
