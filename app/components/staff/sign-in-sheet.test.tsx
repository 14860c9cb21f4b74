// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { site } from "~/content/site.ts";
import type { AttendeeView } from "./attendees-table.tsx";
import { SignInSheet } from "./sign-in-sheet.tsx";

afterEach(cleanup);

const attendee = (over: Partial<AttendeeView>): AttendeeView => ({
  enrollmentId: "e1",
  firstName: "Ana",
  lastName: "Álvarez",
  displayName: "Ana Álvarez",
  email: "ana@example.com",
  phone: "600 000 001",
  orderId: "0f0e0d0c-0000-4000-8000-000000000000",
  orderStatus: "paid",
  orderTotalCents: 30000,
  orderRefundedCents: 0,
  enrolledAt: "2027-01-10T10:00:00.000Z",
  endedAt: null,
  endReason: null,
  newsletter: false,
  newsletterConsentAt: null,
  ...over,
});

function renderSheet() {
  return render(
    <MemoryRouter>
      <SignInSheet
        edition={{
          courseTitle: "Uñas de gel",
          startsOn: "2027-03-01",
          endsOn: "2027-03-03",
          schedule: "Lunes a miércoles, 10:00–14:00",
        }}
        attendees={[attendee({}), attendee({ enrollmentId: "e2", firstName: "Zoe", lastName: "Ñúñez", phone: "" })]}
        backHref="/gestion/convocatorias/x/alumnos"
      />
    </MemoryRouter>,
  );
}

describe("SignInSheet", () => {
  it("shows the salon, the course, its dates and schedule, and one row per student with an empty signature cell", () => {
    renderSheet();
    expect(screen.getByText(site.name)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Hoja de firmas · Uñas de gel");
    expect(document.body.textContent).toContain("1 de marzo de 2027 – 3 de marzo de 2027");
    expect(document.body.textContent).toContain("Lunes a miércoles, 10:00–14:00");
    const table = screen.getByRole("table", { name: "Alumnos inscritos (2)" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["N.º", "Nombre y apellidos", "Teléfono", "Firma"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual(["Ana Álvarez", "Zoe Ñúñez"]);
    for (const r of rows) expect(r.lastElementChild?.textContent).toBe("");
  });

  it("prints with the button (hidden in print, like the link back to the list)", () => {
    const print = vi.fn();
    vi.stubGlobal("print", print);
    renderSheet();
    const button = screen.getByRole("button", { name: "Imprimir" });
    expect(button.closest(".no-print")).not.toBeNull();
    fireEvent.click(button);
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole("link", { name: "← Volver a la lista de alumnos" }).getAttribute("href")).toBe(
      "/gestion/convocatorias/x/alumnos",
    );
    vi.unstubAllGlobals();
  });
});
