// @vitest-environment happy-dom
// The staff menu: one navigation landmark, sections in labelled groups, the
// current page marked, and a phone disclosure that needs no JavaScript.
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { StaffShell } from "./staff-shell.tsx";

afterEach(cleanup);

function renderAt(path: string, role: "staff" | "owner") {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <StaffShell user={{ name: "Ana", role }}>
          <h1>Página</h1>
        </StaffShell>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe("staff menu", () => {
  it("groups the sections under labels and marks the current page", async () => {
    renderAt("/gestion/pedidos/abc", "owner");
    const nav = await screen.findByRole("navigation", { name: "Secciones de gestión" });
    const wide = nav.querySelector(".staff-nav__wide") as HTMLElement;
    const ventas = within(wide).getByRole("list", { name: "Ventas" });
    expect(
      within(ventas)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Pedidos", "Facturas", "Datos fiscales"]);
    expect(within(wide).getByRole("list", { name: "Equipo y seguridad" })).toBeTruthy();
    const current = within(wide)
      .getAllByRole("link")
      .filter((a) => a.getAttribute("aria-current") === "page");
    expect(current.map((a) => a.textContent)).toEqual(["Pedidos"]);
  });

  it("on a phone, one closed disclosure naming the current section holds the same groups", async () => {
    renderAt("/gestion/cursos/formacion-inicio", "staff");
    const nav = await screen.findByRole("navigation", { name: "Secciones de gestión" });
    const details = nav.querySelector("details.staff-nav__narrow") as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.querySelector("summary")?.textContent).toBe("Menú · Cursos");
    const links = [...details.querySelectorAll("a")].map((a) => a.textContent);
    expect(links).toContain("Convocatorias");
    // Staff see no owner-only sections, in either rendering.
    expect(within(nav).queryAllByRole("link", { name: "Auditoría" })).toEqual([]);
    expect(within(nav).queryAllByRole("link", { name: "Equipo" })).toEqual([]);
  });
});
