/**
 * CSV for Excel in Spain: `;` between cells (Excel es-ES uses `,` as the decimal
 * mark), amounts with a decimal comma, dates as dd/mm/yyyy hh:mm in Madrid time,
 * CRLF line ends, UTF-8 with a byte order mark (so accents open correctly), RFC 4180
 * quoting. A text cell that starts with = + - @ tab or CR would be read as a formula
 * (CSV injection): it gets a leading apostrophe, which Excel shows as plain text.
 * Pure: used by the staff exports, tested in csv.test.ts.
 */
import { madridWallClock } from "../domain/calendar-dates.ts";
import { formatTime } from "../domain/salon-time.ts";

export const CSV_BOM = "\uFEFF";
const CSV_SEPARATOR = ";";
const CSV_EOL = "\r\n";
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/** A number we formatted ourselves (an amount): written as is, never neutralised. */
interface CsvNumber {
  readonly csvNumber: string;
}

export type CsvCell = string | number | boolean | null | undefined | CsvNumber;

const FORMULA_START = /^[=+\-@\t\r]/u;
const NEEDS_QUOTES = /[";\r\n]|^\s|\s$/u;

/** One cell: neutralised when it could run as a formula, quoted when it must be. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (typeof value === "object") text = value.csvNumber;
  else if (typeof value === "number") text = Number.isFinite(value) ? String(value).replace(".", ",") : "";
  else if (typeof value === "boolean") text = value ? "Sí" : "No";
  else text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line, CRLF included. */
export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + CSV_EOL;
}

/** A whole small document: BOM, header and rows. Large exports stream csvRow instead. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + csvRow(header) + rows.map(csvRow).join("");
}

/** 127950 → "1279,50"; -500 → "-5,00". No thousands mark, so Excel reads a number. */
export function csvAmount(cents: number): CsvNumber {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return { csvNumber: `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}` };
}

/** An ISO instant → "31/12/2026 23:30" in Madrid time; "" when missing or unreadable. */
export function csvDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const { date: day, minutes } = madridWallClock(date);
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y} ${formatTime(minutes)}`;
}

/** "2027-02-09" → "09/02/2027"; an ISO instant gives its Madrid date. */
export function csvDate(value: string | null | undefined): string {
  if (!value) return "";
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value);
  if (plain) return `${plain[3]}/${plain[2]}/${plain[1]}`;
  return csvDateTime(value).slice(0, 10);
}

/** A safe attachment name: ASCII letters, digits, dots and dashes only. */
export function csvFileName(base: string): string {
  const slug = base
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9.]+/gu, "-")
    .replace(/^[-.]+|[-.]+$/gu, "")
    .slice(0, 100);
  return `${slug || "export"}.csv`;
}
