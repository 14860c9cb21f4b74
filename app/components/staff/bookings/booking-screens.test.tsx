// @vitest-environment happy-dom
// The staff's menu, professional and time-off screens as a browser renders them
// (route components with stubbed loader data): badges, prices, the hours grid
// with its errors, the time-off warning.
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { dayErrorKey, hourField } from "~/domain/professional-form.ts";
import StaffTimeOff from "~/routes/gestion.horarios.tsx";
import NewProfessional from "~/routes/gestion.profesionales.nueva.tsx";
import StaffProfessionals from "~/routes/gestion.profesionales.tsx";
import EditService from "~/routes/gestion.servicios.servicio.tsx";
import StaffServices from "~/routes/gestion.servicios.tsx";

afterEach(cleanup);

const service = {
  id: "unas-gel",
  name: "Uñas de gel",
  category: "diseno" as const,
  description: "",
  durationMin: 90,
  bufferMin: 10,
  priceCents: 4000,
  priceFrom: true,
  bookableOnline: false,
  active: true,
  reviewPending: true,
  professionals: [
    { id: "laura", name: "Laura", active: true },
    { id: "eva", name: "Eva", active: false },
  ],
};

type RouteProps = Record<string, unknown>;

/** Renders a route component with the props React Router would pass it. */
function renderAt(Component: unknown, loaderData: unknown, actionData?: unknown) {
  const Page = Component as ComponentType<RouteProps>;
  const Stub = createRoutesStub([
    { path: "/", Component: () => <Page loaderData={loaderData} actionData={actionData} params={{}} matches={[]} /> },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("staff booking screens", () => {
  it("lists the menu with the review badge and count, the 'desde' price and who performs it", async () => {
    renderAt(StaffServices, {
      groups: [{ category: "diseno", label: "Diseño de uñas", services: [service] }],
      pendingCount: 1,
      notice: null,
    });
    expect(await screen.findByText("1 servicio está pendiente de revisar.")).toBeTruthy();
    const row = screen.getByRole("row", { name: /Uñas de gel/u });
    expect(within(row).getByText("Sin revisar")).toBeTruthy();
    // One step: the row's own button marks it reviewed; its name says which service after the visible words.
    const review = within(row).getByRole("button", { name: "Marcar como revisado: Uñas de gel" });
    expect(review.closest("form")?.getAttribute("method")).toBe("post");
    expect((review.closest("form")?.querySelector('input[name="servicio"]') as HTMLInputElement).value).toBe(
      service.id,
    );
    expect(within(row).getByText("desde 40,00 €")).toBeTruthy();
    expect(within(row).getByText("1 h 30 min")).toBeTruthy();
    expect(within(row).getByText("Laura, Eva (inactiva)")).toBeTruthy();
    expect(within(row).getByText("No")).toBeTruthy();
  });

  it("keeps typed hours and shows each day's error under it", async () => {
    renderAt(
      NewProfessional,
      { services: [{ value: "manicura", label: "Manicura" }], accounts: [{ id: "u1", label: "eva@example.com" }] },
      {
        errors: { [dayErrorKey(6)]: "El sábado el salón abre de 09:00 a 17:00" },
        values: { name: "Nuria", [hourField(6, 1, "start")]: "09:00", [hourField(6, 1, "end")]: "18:00" },
        lists: { services: ["manicura"] },
      },
    );
    const end = await screen.findByLabelText("Sábado, tramo 1, hasta");
    expect((end as HTMLInputElement).value).toBe("18:00");
    expect(end.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("El sábado el salón abre de 09:00 a 17:00")).toBeTruthy();
    expect((screen.getByLabelText("Manicura") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("alert").textContent).toBe("Revisa los campos marcados.");
  });

  it("warns about the appointments inside a new block", async () => {
    renderAt(
      StaffTimeOff,
      {
        rows: [
          { id: "t1", who: "Todo el salón", wholeSalon: true, when: "viernes, 25 de diciembre", reason: "Navidad" },
        ],
        professionals: [{ id: "laura", name: "Laura" }],
        today: "2026-11-24",
        notice: null,
      },
      {
        errors: {},
        values: {},
        conflicts: [
          {
            id: "a1",
            clientName: "Rosa",
            clientPhone: "600 000 000",
            professionalName: "Laura",
            when: "viernes, 25 de diciembre, 10:00",
          },
        ],
      },
    );
    expect(await screen.findByText(/ya había citas en esas horas/u)).toBeTruthy();
    expect(screen.getByText("Rosa — viernes, 25 de diciembre, 10:00 con Laura · 600 000 000")).toBeTruthy();
    expect(
      screen.getByRole("button", { name: "Borrar el bloqueo de Todo el salón: viernes, 25 de diciembre" }),
    ).toBeTruthy();
  });

  it("fills a seeded service's form from the stored row, asking to review it", async () => {
    renderAt(EditService, {
      service,
      professionals: [
        { value: "laura", label: "Laura" },
        { value: "sofia", label: "Sofía" },
      ],
      notice: null,
    });
    expect(await screen.findByRole("button", { name: "Guardar y marcar como revisado" })).toBeTruthy();
    expect(screen.getByText("Sin revisar")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Marcar como revisado" })).toBeTruthy();
    expect((screen.getByLabelText("Precio (€)") as HTMLInputElement).value).toBe("40");
    expect((screen.getByLabelText("Duración (minutos)") as HTMLInputElement).value).toBe("90");
    expect((screen.getByLabelText(/precio «desde»/u) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Se puede reservar en la web") as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText("Laura") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Sofía") as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText("Categoría") as HTMLSelectElement).value).toBe("diseno");
  });

  it("lists the professionals with their week", async () => {
    renderAt(StaffProfessionals, {
      professionals: [
        {
          id: "laura",
          name: "Laura",
          title: "Técnica de uñas",
          active: true,
          account: null,
          services: ["Manicura"],
          week: "lunes 09:00–14:00",
        },
      ],
      notice: "Cambios guardados.",
    });
    const row = await screen.findByRole("row", { name: /Laura/u });
    expect(within(row).getByText("lunes 09:00–14:00")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Cambios guardados.");
  });
});
