import { formatEuros } from "~/domain/pricing.ts";

/** 90 → "1 h 30 min", 45 → "45 min". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "25,00 €" or "desde 40,00 €". */
export function formatServicePrice(cents: number, from: boolean): string {
  return from ? `desde ${formatEuros(cents)}` : formatEuros(cents);
}
