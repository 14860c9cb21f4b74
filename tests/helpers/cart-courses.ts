import type { CartCourse, CatalogueCourse } from "~/domain/cart.ts";

/** Two courses as the cart holds them (the seeded catalogue's figures), for cart tests. */
export const inicio: CartCourse = {
  id: "formacion-inicio",
  title: "Formación de inicio",
  category: "iniciacion",
  priceCents: 28000,
  originalPriceCents: 35000,
  duration: "20 horas",
  classSize: 15,
  level: "Iniciación",
  image: "course-formacion-inicio",
};

export const expert: CartCourse = {
  ...inicio,
  id: "expert-nails",
  title: "Expert Nails",
  category: "experto",
  priceCents: 99900,
  originalPriceCents: 125000,
};

/** The same two courses as GET /api/catalogue lists them: with their bookable editions. */
export const inicioCatalogue: CatalogueCourse = {
  ...inicio,
  editions: [
    { id: "formacion-inicio-2027-01", startsOn: "2027-01-04", endsOn: "2027-01-06", schedule: "", seatsLeft: 8 },
    { id: "formacion-inicio-2027-03", startsOn: "2027-03-01", endsOn: "2027-03-03", schedule: "10:00–14:00", seatsLeft: 8 },
  ],
};

export const expertCatalogue: CatalogueCourse = { ...expert, editions: [] };
