// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { DiaryListDay } from "~/bookings/diary-grid.server.ts";
import { DiaryWeekList } from "./diary-toolbar.tsx";

afterEach(cleanup);

const days: DiaryListDay[] = [
  {
    date: "2026-11-25",
    heading: "mié 25 nov",
    closed: false,
    appointments: [
      {
        id: "a1",
        time: "10:00–10:40",
        clientName: "Rosa Pons",
        services: "Manicura clásica, Nail art (decoración)",
        professionalName: "Laura",
        status: "held",
      },
    ],
    blocks: [{ id: "t1", text: "Bloqueado (Laura, 12:00–13:00): médico" }],
  },
  { date: "2026-11-29", heading: "dom 29 nov", closed: true, appointments: [], blocks: [] },
];

describe("DiaryWeekList", () => {
  it("names each appointment link by time, client, services, professional and status", () => {
    render(
      <MemoryRouter>
        <DiaryWeekList days={days} />
      </MemoryRouter>,
    );
    const wednesday = screen.getByRole("region", { name: "mié 25 nov" });
    const link = within(wednesday).getByRole("link", { name: /Rosa Pons/u });
    expect(link.getAttribute("href")).toBe("/gestion/agenda/a1");
    expect(link.textContent?.replace(/\s+/gu, " ")).toBe(
      "10:00–10:40 Rosa Pons, Manicura clásica, Nail art (decoración), con Laura, Pendiente de confirmar",
    );
    expect(within(wednesday).getByText("Bloqueado (Laura, 12:00–13:00): médico").closest("a")).toBeNull();
    const sunday = screen.getByRole("region", { name: "dom 29 nov" });
    expect(within(sunday).getByText("El salón cierra este día.")).toBeTruthy();
  });
});
