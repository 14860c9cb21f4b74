/** Issue 34: the assistant's answers in Catalan, composed from the same facts as the Spanish ones. */
import { describe, expect, it } from "vitest";
import { site } from "~/content/site.ts";
import type { Course } from "~/domain/course.ts";
import { formatEuros } from "~/domain/pricing.ts";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { localizeLinks, parseReply, visibleText } from "../reply-format.ts";
import { coursePriceAnswer, datesAnswer, materialsAnswer } from "./courses.ts";
import { hoursAnswer } from "./hours.ts";
import { bookingAnswer, fallbackAnswer, locationAnswer, parkingAnswer } from "./salon.ts";

const FRIDAY = 5;
const read = (text: string) => visibleText(text).replace(/\u00a0/g, " ");
const hrefs = (text: string) => parseReply(text).flatMap((s) => (s.type === "link" ? [s.href] : []));

/** A course as the catalogue reads it for a Catalan answer: its Catalan texts. */
const course: Course = {
  id: "formacion-inicio",
  title: "Formació d’inici",
  category: "iniciacion",
  description: "",
  priceCents: 125050,
  originalPriceCents: 125050,
  duration: "20 hores",
  classSize: 10,
  level: "Iniciació",
  features: [],
  image: "",
  highlighted: false,
  active: true,
  nextEdition: {
    id: "e1",
    courseId: "formacion-inicio",
    startsOn: "2027-04-06",
    endsOn: null,
    seats: 10,
    seatsLeft: 4,
    status: "open",
    schedule: "",
  },
};

describe("Catalan answers", () => {
  it("says Saturday's hours with Catalan day names", () => {
    expect(hoursAnswer("quin horari teneu el dissabte", FRIDAY, "ca")).toBe(
      "Sí, els dissabtes obrim de 09:00 a 17:00.",
    );
    expect(hoursAnswer("obriu diumenge?", FRIDAY, "ca")).toBe(
      "No, els diumenges tanquem. Tornem a obrir el dilluns de 09:00 a 21:00.",
    );
    expect(hoursAnswer("dissabte a la tarda obriu?", FRIDAY, "ca")).toBe(
      "Sí, els dissabtes a la tarda som oberts: obrim de 09:00 a 17:00.",
    );
    expect(hoursAnswer("obriu dema?", FRIDAY, "ca")).toBe("Sí, demà, dissabte, obrim de 09:00 a 17:00.");
    const week = hoursAnswer("quin horari feu", FRIDAY, "ca");
    expect(week).toContain("El nostre horari:");
    expect(week).toContain("De dilluns a divendres: 09:00 - 21:00");
    expect(week).toContain("Diumenge: tancat");
  });

  it("gives a course's price from its cents in the Catalan format", () => {
    const a = read(coursePriceAnswer(course, "ca"));
    expect(a).toContain("Formació d’inici costa 1.250,50 €; finança’l des de 417,00 €/mes sense interessos.");
    expect(a).toContain("Veure Formació d’inici");
    expect(formatEuros(course.priceCents)).toBe("1.250,50\u00a0€");
    expect(read(datesAnswer([course], "ca"))).toContain("comença el dimarts, 6 d’abril de 2027");
  });

  it("names the materials a course includes from its Catalan features", () => {
    const withKit = {
      ...course,
      features: ["Esmaltat semipermanent pas a pas", "Kit professional de materials inclòs"],
    };
    const acrylic = {
      ...course,
      id: "iniciacion-acrilico",
      title: "Iniciació intensiva a l’acrílic",
      features: ["Materials inclosos i certificat de l’acadèmia"],
    };
    const one = read(materialsAnswer([withKit], "ca"));
    expect(one).toContain(serverTranslator("ca")("catalogue.benefits.materials.text"));
    expect(one).toContain("Formació d’inici: Kit professional de materials inclòs.");
    expect(one).not.toContain("Esmaltat");
    expect(read(materialsAnswer([withKit, acrylic], "ca"))).toContain(
      "Iniciació intensiva a l’acrílic: Materials inclosos i certificat de l’acadèmia.",
    );
  });

  it("gives the address, parking and how to book in Catalan, with the facts of site.ts", () => {
    expect(read(locationAnswer("ca"))).toBe(`Som a ${site.address.full}.\nCom arribar-hi (Google Maps)`);
    const parking = read(parkingAnswer("ca"));
    expect(parking).toContain("No tenim aparcament propi.");
    expect(parking).toContain("zona blava");
    expect(parking).toContain(site.address.full);
    const booking = bookingAnswer("ca");
    expect(read(booking)).toContain("Pots reservar la teva cita en línia, triant el servei, el dia i l’hora");
    expect(read(booking)).toContain(`truca’ns al ${site.phone.display}`);
    // A Catalan reply leads to the Catalan booking page; a Spanish one keeps its address.
    expect(hrefs(localizeLinks(booking, "ca"))).toContain("/ca/reserva");
    expect(hrefs(localizeLinks(bookingAnswer(), "es"))).toContain("/reservar");
    expect(read(fallbackAnswer("ca"))).toMatch(/^Ho sento, no he entès la teva pregunta/);
  });
});
