// @vitest-environment happy-dom
// The Catalan twins in Gestión's forms (issue 34): the edition's schedule, the
// service's name and description, each optional, in Catalan (lang), with the
// Spanish field's limit, its note and its error; the services list marks a
// service whose Catalan pages still show Spanish text.
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ComponentType, ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import EditService from "~/routes/gestion.servicios.servicio.tsx";
import StaffServices from "~/routes/gestion.servicios.tsx";
import { CATALAN_HINT } from "./catalan-fields.tsx";
import { EditionFields } from "./catalogue-fields.tsx";

afterEach(cleanup);

function renderInRouter(node: ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: () => node }]);
  return render(<Stub initialEntries={["/"]} />);
}

function renderRoute(Component: unknown, loaderData: unknown) {
  const Page = Component as ComponentType<Record<string, unknown>>;
  return renderInRouter(<Page loaderData={loaderData} params={{}} matches={[]} />);
}

const describedText = (el: HTMLElement) =>
  (el.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);

const service = {
  id: "semipermanente",
  name: "Manicura semipermanente",
  category: "manos" as const,
  description: "Dura hasta tres semanas.",
  durationMin: 45,
  bufferMin: 0,
  priceCents: 2500,
  priceFrom: false,
  depositCents: null,
  bookableOnline: true,
  active: true,
  reviewPending: false,
  professionals: [{ id: "laura", name: "Laura", active: true }],
  nameCa: "Manicura amb esmalt semipermanent",
  descriptionCa: null,
  lacksCatalan: true,
};

describe("Catalan fields in Gestión", () => {
  it("puts the edition's Catalan schedule after the Spanish one, optional, with its error", async () => {
    renderInRouter(
      <EditionFields
        values={{ schedule: "Lunes, 10:00–14:00", scheduleCa: "Dilluns, 10:00–14:00" }}
        errors={{ scheduleCa: "El horario admite como mucho 200 caracteres" }}
      />,
    );
    const field = (await screen.findByLabelText("Horario (catalán) (opcional)")) as HTMLInputElement;
    expect(field.id).toBe("f-scheduleCa");
    expect(field.name).toBe("scheduleCa");
    expect(field.lang).toBe("ca");
    expect(field.required).toBe(false);
    expect(field.maxLength).toBe(200);
    expect(field.value).toBe("Dilluns, 10:00–14:00");
    expect(describedText(field)).toEqual([
      `Por ejemplo: Dilluns i dimecres, 10:00–14:00. ${CATALAN_HINT}`,
      "El horario admite como mucho 200 caracteres",
    ]);
    const spanish = screen.getByLabelText("Horario (opcional)");
    expect(spanish.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("fills a service's Catalan name and description from the stored row", async () => {
    renderRoute(EditService, { service, professionals: [{ value: "laura", label: "Laura" }], notice: null });
    const name = (await screen.findByLabelText("Nombre (catalán) (opcional)")) as HTMLInputElement;
    expect(name.id).toBe("f-nameCa");
    expect(name.lang).toBe("ca");
    expect(name.maxLength).toBe(80);
    expect(name.value).toBe("Manicura amb esmalt semipermanent");
    expect(describedText(name)).toEqual([CATALAN_HINT]);
    const description = screen.getByLabelText("Descripción (catalán) (opcional)") as HTMLTextAreaElement;
    expect(description.name).toBe("descriptionCa");
    expect(description.maxLength).toBe(600);
    expect(description.value).toBe("");
    expect(description.required).toBe(false);
  });

  it("marks in the services list only the services whose Catalan pages show Spanish text", async () => {
    renderRoute(StaffServices, {
      groups: [
        {
          category: "manos",
          label: "Manos",
          services: [
            service,
            {
              ...service,
              id: "pedicura",
              name: "Pedicura",
              nameCa: "Pedicura",
              descriptionCa: "Peus cuidats.",
              lacksCatalan: false,
            },
          ],
        },
      ],
      pendingCount: 0,
      notice: null,
    });
    const untranslated = await screen.findByRole("row", { name: /Manicura semipermanente/u });
    expect(within(untranslated).getByText("Sin texto en catalán")).toBeTruthy();
    const translated = screen.getByRole("row", { name: /^Pedicura/u });
    expect(within(translated).queryByText("Sin texto en catalán")).toBeNull();
  });
});
