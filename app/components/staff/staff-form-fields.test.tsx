// @vitest-environment happy-dom
// Gestión's forms built from the shared field kit: each input keeps its id, its
// label and its hint and error wiring.
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { CourseFields, ImageUploadForm } from "./catalogue-fields.tsx";
import { OrdersFilterForm } from "./orders-filter-form.tsx";
import { RefundFormStep } from "./refund-form.tsx";

afterEach(cleanup);

function renderInRouter(node: ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: () => node }]);
  return render(<Stub initialEntries={["/"]} />);
}

const describedText = (el: HTMLElement) =>
  (el.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);

describe("staff form fields", () => {
  it("wires the refund form's amount, reason and note", async () => {
    renderInRouter(
      <RefundFormStep
        values={{ amount: "50" }}
        errors={{ reason: "Elige un motivo.", note: "Explica el motivo." }}
        availableCents={65000}
        busy={false}
      />,
    );
    const amount = (await screen.findByLabelText("Importe a reembolsar (€)")) as HTMLInputElement;
    expect(amount.inputMode).toBe("decimal");
    expect(amount.maxLength).toBe(20);
    expect(amount.value).toBe("50");
    const reason = screen.getByLabelText("Motivo", { exact: true }) as HTMLSelectElement;
    expect(reason.id).toBe("f-reason");
    expect(reason.required).toBe(true);
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(reason.options[0]?.textContent).toBe("Elige un motivo");
    expect(reason.options[0]?.disabled).toBe(true);
    expect(describedText(reason)).toEqual(["Elige un motivo."]);
    const note = screen.getByLabelText("Nota (obligatoria con «Otro motivo»)") as HTMLTextAreaElement;
    expect(note.id).toBe("f-note");
    expect(note.required).toBe(false);
    expect(describedText(note)).toEqual([
      "Queda en el registro de auditoría; la alumna no la ve.",
      "Explica el motivo.",
    ]);
  });

  it("keeps the course form's checkbox and the picture upload", async () => {
    renderInRouter(
      <>
        <CourseFields values={{ highlighted: "on", price: "280" }} errors={{}} />
        <ImageUploadForm courseId="expert-nails" error="La imagen es demasiado pequeña." />
      </>,
    );
    const highlighted = (await screen.findByLabelText("Destacado (insignia «Recomendado»)")) as HTMLInputElement;
    expect(highlighted.id).toBe("f-highlighted");
    expect(highlighted.checked).toBe(true);
    expect((screen.getByLabelText("Precio original (€) (opcional)") as HTMLInputElement).required).toBe(false);
    const image = screen.getByLabelText("Nueva imagen") as HTMLInputElement;
    expect(image.id).toBe("f-image");
    expect(image.type).toBe("file");
    expect(image.required).toBe(true);
    expect(describedText(image)[0]).toMatch(/^JPEG, PNG o WebP de hasta/u);
    expect(describedText(image)[1]).toBe("La imagen es demasiado pequeña.");
  });

  it("labels the order filters", async () => {
    renderInRouter(
      <OrdersFilterForm
        filters={{ q: "ana", status: null, method: null, courseId: "expert-nails", from: null, to: null }}
        courses={[{ id: "expert-nails", title: "Expert Nails" }]}
      />,
    );
    const search = (await screen.findByLabelText("Buscar por email o n.º de pedido")) as HTMLInputElement;
    expect(search.id).toBe("f-q");
    expect(search.value).toBe("ana");
    expect(search.parentElement?.className).toBe("staff-filters__field staff-filters__field--wide");
    const course = screen.getByLabelText("Curso") as HTMLSelectElement;
    expect(course.value).toBe("expert-nails");
    expect([...course.options].map((o) => o.textContent)).toEqual(["Todos", "Expert Nails"]);
    expect((screen.getByLabelText("Desde") as HTMLInputElement).type).toBe("date");
  });
});
