// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithMessages } from "../../../tests/helpers/with-messages.tsx";
import { OrderLinesTable, type OrderLine } from "./order-lines-table.tsx";

afterEach(cleanup);

const lines: OrderLine[] = [
  {
    id: "l1",
    title: "Formación de inicio",
    priceCents: 28000,
    editionStartsOn: "2027-02-09",
    editionEndsOn: "2027-02-11",
  },
  { id: "l2", title: "Expert Nails", priceCents: 99900, editionStartsOn: "2027-03-01", editionEndsOn: null },
  { id: "l3", title: "Nail Art", priceCents: 15000, editionStartsOn: null, editionEndsOn: null },
];

// The "orders" slice a page (or Gestión's layout) sends.
const render = (element: ReactElement, path = "/success") =>
  renderWithMessages(element, { path, namespaces: ["orders"] });

const cells = (row: HTMLElement) =>
  [...row.querySelectorAll("th, td")].map((c) => c.textContent?.replace(/\u00a0/gu, " "));

describe("OrderLinesTable", () => {
  it("writes each course with its edition dates and price, and the total", () => {
    render(
      <OrderLinesTable lines={lines} caption="Cursos comprados" captionHidden look="customer" totalCents={142900} />,
    );
    const table = screen.getByRole("table", { name: "Cursos comprados" });
    expect(table.className).toBe("order-lines");
    expect(table.querySelector("caption")?.className).toBe("visually-hidden");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Curso", "Convocatoria", "Precio"]);
    expect(cells(screen.getByRole("row", { name: /Formación de inicio/u }))).toEqual([
      "Formación de inicio",
      "9 de febrero de 2027 – 11 de febrero de 2027",
      "280,00 €",
    ]);
    expect(cells(screen.getByRole("row", { name: /Expert Nails/u }))[1]).toBe("1 de marzo de 2027");
    expect(cells(screen.getByRole("row", { name: /Nail Art/u }))[1]).toBe("Fecha por confirmar");
    expect(cells(screen.getByRole("row", { name: /Total/u }))).toEqual(["Total", "1.429,00 €"]);
    expect(screen.queryByText("Reembolsado")).toBeNull();
  });

  it("shows Gestión's look with what was refunded, and no footer without a total", () => {
    const { unmount } = render(
      <OrderLinesTable
        lines={lines}
        caption="Cursos del pedido"
        look="staff"
        totalCents={142900}
        refundedCents={28000}
      />,
    );
    const table = screen.getByRole("table", { name: "Cursos del pedido" });
    expect(table.className).toBe("staff-table");
    expect(table.parentElement?.className).toBe("table-scroll");
    expect(cells(screen.getByRole("row", { name: /Reembolsado/u }))).toEqual(["Reembolsado", "−280,00 €"]);
    unmount();

    render(<OrderLinesTable lines={lines} caption="Cursos del pedido" look="customer" />);
    expect(screen.getByRole("table", { name: "Cursos del pedido" }).querySelector("tfoot")).toBeNull();
  });

  it("speaks the page's language on a Catalan page: headings, dates and the undated edition", async () => {
    render(
      <OrderLinesTable
        lines={lines}
        caption="Cursos comprats"
        look="customer"
        totalCents={142900}
        refundedCents={100}
      />,
      "/ca/compra-completada",
    );
    const table = await screen.findByRole("table", { name: "Cursos comprats" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Curs", "Convocatòria", "Preu"]);
    expect(cells(screen.getByRole("row", { name: /Formación de inicio/u }))[1]).toBe(
      "9 de febrer de 2027 – 11 de febrer de 2027",
    );
    expect(cells(screen.getByRole("row", { name: /Expert Nails/u }))[1]).toBe("1 de març de 2027");
    expect(cells(screen.getByRole("row", { name: /Nail Art/u }))[1]).toBe("Data per confirmar");
    expect(cells(screen.getByRole("row", { name: /Reemborsat/u }))).toEqual(["Reemborsat", "−1,00 €"]);
  });
});
