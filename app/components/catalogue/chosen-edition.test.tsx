// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithMessages } from "../../../tests/helpers/with-messages.tsx";
import { site } from "~/content/site.ts";
import type { LineEdition } from "~/domain/cart.ts";
import { ChosenEdition, editionChoicePath } from "./chosen-edition.tsx";

afterEach(cleanup);

const course = { id: "expert-nails", title: "Expert Nails" };

/** On the cart, with the "orders" slice its loader sends. */
function show(line: LineEdition, path = "/carrito") {
  renderWithMessages(<ChosenEdition course={course} line={line} />, { path, namespaces: ["orders"] });
}

describe("ChosenEdition", () => {
  it("shows the edition chosen on the course page, with no control to choose here, and a link back to change it", () => {
    show({
      kind: "chosen",
      edition: { id: "e1", startsOn: "2027-02-09", endsOn: "2027-02-11", schedule: "10:00–14:00", seatsLeft: 3 },
    });
    expect(screen.getByText("9 de febrero de 2027 – 11 de febrero de 2027")).toBeTruthy();
    expect(screen.getByText("10:00–14:00")).toBeTruthy();
    expect(screen.getByText(site.address.full)).toBeTruthy();
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.queryByRole("radio")).toBeNull();
    const change = screen.getByRole("link", { name: "Cambiar fecha de Expert Nails" });
    expect(change.getAttribute("href")).toBe("/formaciones/expert-nails#convocatorias");
    expect(editionChoicePath("expert-nails")).toBe("/formaciones/expert-nails#convocatorias");
  });

  it("says plainly when the edition chosen can no longer be booked, and links to choose another", () => {
    show({ kind: "unavailable" });
    expect(screen.getByText(/La fecha que elegiste ya no está disponible/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Elegir otra fecha de Expert Nails" }).getAttribute("href")).toBe(
      "/formaciones/expert-nails#convocatorias",
    );
  });

  it("says a course is full, or that its date is to be confirmed", () => {
    show({ kind: "sold-out" });
    expect(screen.getByText("Completo: no quedan plazas en ninguna convocatoria.")).toBeTruthy();
    cleanup();
    show({ kind: "undated" });
    expect(screen.getByText(/^Fecha por confirmar: /)).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("speaks Catalan on a Catalan page and leads back to the Catalan course page", () => {
    show(
      {
        kind: "chosen",
        edition: { id: "e1", startsOn: "2027-02-09", endsOn: "2027-02-11", schedule: "", seatsLeft: 3 },
      },
      "/ca/cistella",
    );
    expect(screen.getByText("9 de febrer de 2027 – 11 de febrer de 2027")).toBeTruthy();
    expect(screen.getByText("Lloc")).toBeTruthy();
    expect(screen.getByText("Convocatòria")).toBeTruthy();
    const change = screen.getByRole("link", { name: "Canvia la data del curs Expert Nails" });
    expect(change.getAttribute("href")).toBe("/ca/formacions/expert-nails#convocatorias");
    cleanup();
    show({ kind: "sold-out" }, "/ca/cistella");
    expect(screen.getByText("Complet: no queden places a cap convocatòria.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Veure les convocatòries del curs Expert Nails" })).toBeTruthy();
    cleanup();
    show({ kind: "undated" }, "/ca/cistella");
    expect(screen.getByText(/^Data per confirmar: t’escriurem/u)).toBeTruthy();
  });
});
