// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { CartProvider } from "~/components/cart/cart-context.tsx";
import type { Course } from "~/domain/course.ts";
import { CourseCard } from "./course-card.tsx";

afterEach(cleanup);

const course: Course = {
  id: "formacion-inicio",
  title: "Formación de inicio",
  category: "iniciacion",
  description: "Tu primer paso en el mundo de las uñas.",
  priceCents: 28000,
  originalPriceCents: 35000,
  duration: "20 horas",
  classSize: 15,
  level: "Iniciación",
  features: ["Higiene", "Limado", "Esmaltado"],
  image: "course-formacion-inicio",
  highlighted: true,
  active: true,
  nextEdition: null,
};

describe("CourseCard", () => {
  it("shows no stars, rating or review count: no course has been reviewed", () => {
    const Stub = createRoutesStub([
      {
        path: "/formaciones",
        Component: () => (
          <CartProvider>
            <CourseCard course={course} />
          </CartProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={["/formaciones"]} />);
    const card = screen.getByRole("article", { name: "Formación de inicio" });
    expect(card.textContent).toMatch(/280,00\s€/);
    expect(card.textContent).not.toMatch(/★|reseñas|valoración|\d,\d de 5/i);
  });

  it("loads the first card's image at once with high priority, the others lazily", () => {
    const Stub = createRoutesStub([
      {
        path: "/formaciones",
        Component: () => (
          <CartProvider>
            <CourseCard course={course} priority />
            <CourseCard course={{ ...course, id: "otro", title: "Otro curso" }} />
          </CartProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={["/formaciones"]} />);
    const [first, second] = screen.getAllByRole("article").map((a) => a.querySelector("img")!);
    expect([first.getAttribute("loading"), first.getAttribute("fetchpriority")]).toEqual(["eager", "high"]);
    expect([second.getAttribute("loading"), second.getAttribute("fetchpriority")]).toEqual(["lazy", null]);
    // The others wait until the visitor scrolls near them (app.css, .deferred-photo).
    expect([first, second].map((img) => img.closest("picture")!.className)).toEqual(["", "deferred-photo"]);
  });
});
