import type { CartCourse } from "~/domain/cart.ts";

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
