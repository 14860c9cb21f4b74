// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { DiaryBlock, DiaryGrid } from "~/bookings/diary-grid.server.ts";
import { DiaryGridView } from "./diary-grid.tsx";

afterEach(cleanup);

const block = (over: Partial<DiaryBlock>): DiaryBlock => ({
  kind: "appointment",
  id: "a1",
  row: 5,
  span: 3,
  lane: 0,
  lanes: 1,
  outOfHours: false,
  time: "10:00–10:40",
  clientName: "Rosa Pons",
  services: ["Manicura clásica", "Nail art (decoración)"],
  status: "confirmed",
  statusLabel: "Confirmada",
  professionalName: "Laura",
  reason: "",
  ...over,
});

const grid: DiaryGrid = {
  rows: ["09:00", "09:15", "09:30", "09:45", "10:00", "10:15", "10:30", "10:45"],
  columns: [
    {
      key: "laura",
      heading: "Laura",
      bands: [{ row: 1, span: 8, working: true }],
      blocks: [
        block({}),
        block({ kind: "off", id: "t1", row: 1, span: 2, time: "09:00–09:30", reason: "Bloqueado: médico", status: "" }),
      ],
      lanes: 1,
    },
    { key: "marta", heading: "Marta", bands: [{ row: 1, span: 8, working: false }], blocks: [], lanes: 1 },
  ],
};

describe("DiaryGridView", () => {
  it("names each appointment link by time, client, services, professional and status", () => {
    render(
      <MemoryRouter>
        <DiaryGridView grid={grid} label="Agenda: miércoles, 25 de noviembre" />
      </MemoryRouter>,
    );
    const region = screen.getByRole("region", { name: "Agenda: miércoles, 25 de noviembre" });
    const link = within(region).getByRole("link");
    expect(link.getAttribute("href")).toBe("/gestion/agenda/a1");
    expect(link.textContent?.replace(/\s+/gu, " ")).toBe(
      "10:00–10:40 Rosa Pons, Manicura clásica, Nail art (decoración), con Laura, Confirmada",
    );
    expect(link.closest("li")?.getAttribute("style")).toContain("grid-row: 5 / span 3");
  });

  it("heads each column and shows blocked time as text, not a link", () => {
    render(
      <MemoryRouter>
        <DiaryGridView grid={grid} label="Agenda" />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Laura 1 cita",
      "Marta Sin citas",
    ]);
    const laura = screen.getByRole("region", { name: /Laura/u });
    expect(within(laura).getByText("Bloqueado: médico").closest("a")).toBeNull();
    expect(screen.getAllByRole("link")).toHaveLength(1);
  });
});
