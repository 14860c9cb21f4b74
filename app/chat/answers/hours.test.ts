import { describe, expect, it } from "vitest";
import { hoursLines } from "~/content/hours.ts";
import { site } from "~/content/site.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { dayAsked, dayHoursAnswer, hoursAnswer, hoursOn, nextOpenDay, weekdayOf } from "./hours.ts";

const FRIDAY = 5;
const SATURDAY = 6;
const SUNDAY = 0;
const weekdays = site.hours[0];
const saturday = site.hours[1];

describe("hours for one day, from site.hours", () => {
  it("knows every day of the week", () => {
    for (const day of [1, 2, 3, 4, 5]) expect(hoursOn(day)).toEqual({ opens: weekdays.opens, closes: weekdays.closes });
    expect(hoursOn(SATURDAY)).toEqual({ opens: saturday.opens, closes: saturday.closes });
    expect(hoursOn(SUNDAY)).toBeNull();
    expect(nextOpenDay(SUNDAY)).toEqual({ day: 1, hours: { opens: weekdays.opens, closes: weekdays.closes } });
    expect(weekdayOf("2026-11-20")).toBe(FRIDAY);
  });

  it.each([
    ["¿abrís los lunes?", "Sí, los lunes abrimos de 09:00 a 21:00."],
    ["el martes abris?", "Sí, los martes abrimos de 09:00 a 21:00."],
    ["horario del miércoles", "Sí, los miércoles abrimos de 09:00 a 21:00."],
    ["los jueves a q hora cerrais", "Sí, los jueves abrimos de 09:00 a 21:00."],
    ["viernes abierto?", "Sí, los viernes abrimos de 09:00 a 21:00."],
    ["hasta q hora el sabado", "Sí, los sábados abrimos de 09:00 a 17:00."],
    ["¿Abrís los domingos?", "No, los domingos está cerrado. Volvemos a abrir el lunes de 09:00 a 21:00."],
  ])("%s → %s", (question, answer) => {
    expect(hoursAnswer(question, FRIDAY)).toBe(answer);
  });

  it("answers a part of the day", () => {
    expect(hoursAnswer("el sábado por la tarde abrís?", FRIDAY)).toBe(
      "Sí, los sábados por la tarde está abierto: abrimos de 09:00 a 17:00.",
    );
    expect(hoursAnswer("abris el sabado por la noche", FRIDAY)).toBe(
      "No, los sábados por la noche no abrimos: ese día el horario es de 09:00 a 17:00.",
    );
    expect(hoursAnswer("los viernes por la noche estais?", FRIDAY)).toBe(
      "Sí, los viernes por la noche está abierto: abrimos de 09:00 a 21:00.",
    );
    expect(hoursAnswer("el domingo por la mañana?", FRIDAY)).toMatch(/^No, los domingos está cerrado/);
  });

  it("reads hoy, mañana and pasado mañana from today's weekday", () => {
    expect(hoursAnswer("abris hoy?", FRIDAY)).toBe("Sí, hoy, viernes, abrimos de 09:00 a 21:00.");
    expect(hoursAnswer("abris mañana por la mañana?", FRIDAY)).toBe(
      "Sí, mañana, sábado, por la mañana está abierto: abrimos de 09:00 a 17:00.",
    );
    expect(hoursAnswer("y hoy?", SUNDAY)).toBe(
      "No, hoy, domingo, está cerrado. Volvemos a abrir mañana lunes de 09:00 a 21:00.",
    );
    expect(hoursAnswer("abris mañana", SATURDAY)).toBe(
      "No, mañana, domingo, está cerrado. Volvemos a abrir el lunes de 09:00 a 21:00.",
    );
    expect(dayAsked("pasado mañana abris?", FRIDAY)).toEqual({ day: SUNDAY, said: "weekday" });
  });

  it("gives the whole timetable when no single day is named", () => {
    for (const q of [
      "horario",
      "horario de lunes a sábado",
      "abris por la tarde?",
      "buenas noches, qué horario tenéis",
    ]) {
      const a = hoursAnswer(q, FRIDAY);
      for (const line of hoursLines(serverTranslator("es"))) expect(a, q).toContain(line);
    }
  });

  it("does not take a greeting for a part of the day", () => {
    expect(dayAsked("buenas tardes, abris el lunes?", FRIDAY)).toEqual({ day: 1, said: "weekday" });
    expect(dayHoursAnswer({ day: 1, said: "weekday" })).toBe("Sí, los lunes abrimos de 09:00 a 21:00.");
  });
});
