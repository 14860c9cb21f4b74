/**
 * iCalendar (RFC 5545) files for course editions: one all-day VEVENT per
 * edition, so buyers add the dates to any calendar. Pure and deterministic
 * (the caller passes `now`), hence unit-tested byte for byte.
 */
import { addDays } from "~/domain/calendar-dates.ts";

export interface CalendarEvent {
  /** Stable across downloads so a calendar updates instead of duplicating. */
  uid: string;
  title: string;
  /** YYYY-MM-DD, first day. */
  startsOn: string;
  /** YYYY-MM-DD, last day (inclusive); null = one-day event. */
  endsOn: string | null;
  description?: string;
  location?: string;
  url?: string;
}

const CRLF = "\r\n";

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT. */
export function escapeIcsText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** RFC 5545 §3.1: lines longer than 75 octets continue on the next line after CRLF + space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let currentBytes = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; continuation lines 74 plus the leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (currentBytes + bytes > limit) {
      parts.push(current);
      current = "";
      currentBytes = 0;
    }
    current += char;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const compactDate = (isoDate: string) => isoDate.slice(0, 10).replace(/-/g, "");

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** A complete VCALENDAR with one VEVENT per edition. */
export function buildCalendar(events: readonly CalendarEvent[], now: Date, calendarName = "Alejandra Nails"): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Alejandra Nails//Formaciones//ES",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeIcsText(calendarName)}`,
  ];
  for (const e of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${compactDate(e.startsOn)}`,
      // DTEND of an all-day event is exclusive: the day after the last one.
      `DTEND;VALUE=DATE:${compactDate(addDays((e.endsOn ?? e.startsOn).slice(0, 10), 1))}`,
      `SUMMARY:${escapeIcsText(e.title)}`,
    );
    if (e.description) lines.push(`DESCRIPTION:${escapeIcsText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeIcsText(e.location)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push("TRANSP:OPAQUE", "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A safe ASCII file name for the download ("formacion-inicio-2027-02-09.ics"). */
export function icsFileName(base: string): string {
  const slug = base
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${slug || "calendario"}.ics`;
}
