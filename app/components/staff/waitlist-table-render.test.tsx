// @vitest-environment happy-dom
// The edition's waiting list in Gestión: "Quitar" leads to the confirmation
// step (a link, no JavaScript needed), whose form is the only one that removes;
// an unconfirmed entry cannot be offered a seat.
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import EditionAttendees from "~/routes/gestion.convocatorias.alumnos.tsx";
import type { StaffWaitlistEntry } from "~/waitlist/staff.server.ts";

afterEach(cleanup);

const base = "/gestion/convocatorias/e1/alumnos";
const entry = (
  id: string,
  email: string,
  status: string,
  offerExpiresAt: string | null = null,
): StaffWaitlistEntry => ({
  id,
  email,
  status,
  createdAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
  offerExpiresAt,
});
const waitlist = [
  entry("w1", "ofrecida@example.com", "offered", new Date(Date.now() + 6 * 60 * 60 * 1000).toISOString()),
  entry("w2", "pendiente@example.com", "pending"),
  entry("w3", "espera@example.com", "waiting"),
];

function renderPage(removing: StaffWaitlistEntry | null) {
  const loaderData = {
    edition: {
      id: "e1",
      courseId: "c1",
      courseTitle: "Curso de prueba",
      startsOn: "2030-09-01",
      endsOn: "2030-09-01",
      schedule: "",
      seats: 2,
      seatsTaken: 2,
      status: "open",
    },
    active: [],
    ended: [],
    waitlist,
    removing,
    notice: null,
  };
  const Stub = createRoutesStub([
    { path: base, Component: EditionAttendees as never, loader: () => loaderData, HydrateFallback: () => null },
  ]);
  return render(<Stub initialEntries={[base]} />);
}

describe("waiting list in Gestión", () => {
  it("links each live entry's Quitar to the confirmation step and offers seats to confirmed people only", async () => {
    renderPage(null);
    const table = await screen.findByRole("table", { name: /Lista de espera/ });
    const quitar = within(table).getAllByRole("link", { name: /^Quitar/ });
    expect(quitar.map((a) => a.getAttribute("href"))).toEqual([
      `${base}?quitar=w1#lista-espera`,
      `${base}?quitar=w2#lista-espera`,
      `${base}?quitar=w3#lista-espera`,
    ]);
    expect(within(table).getAllByRole("button", { name: /^Ofrecer plaza/ })).toHaveLength(1);
    expect(within(table).getByRole("button", { name: /^Ofrecer plaza/ }).textContent).toContain("espera@example.com");
    expect(within(table).getByText(/^Sin confirmar su correo/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Sí, quitar/ })).toBeNull();
  });

  it("asks before removing, saying where an offered seat goes", async () => {
    renderPage(waitlist[0]!);
    const step = await screen.findByRole("region", { name: "¿Quitar a ofrecida@example.com de la lista de espera?" });
    expect(step.textContent).toContain("la plaza pasará a la siguiente persona que haya confirmado su correo");
    const button = within(step).getByRole("button", { name: /^Sí, quitar/ }) as HTMLButtonElement;
    expect(button.name).toBe("intent");
    expect(button.value).toBe("waitlist-remove");
    const form = button.closest("form")!;
    expect(form.method).toBe("post");
    expect(Object.fromEntries(new FormData(form))).toEqual({ entry: "w1", confirm: "yes" });
    expect(within(step).getByRole("link", { name: "Cancelar" }).getAttribute("href")).toBe(`${base}#lista-espera`);
  });
});
