// @vitest-environment happy-dom
// The client's booking pages as a browser renders them (route components with
// stubbed loader data, under a root route that says where "RESERVA TU CITA"
// leads), for issue 31: with "Página externa" every booking page and its
// "Reservar" links lead to the external page; at the cap of upcoming
// appointments the page says so with a link to her appointments; an account
// whose email is not verified is told her booking waits for the email.
import { cleanup, render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { site } from "~/content/site.ts";
import type { BookingLink } from "~/domain/booking-settings-form.ts";
import MisCitas from "~/routes/perfil.citas.tsx";
import ConfirmarCita from "~/routes/reservar.confirmar.tsx";
import ReservaPendiente from "~/routes/reservar.pendiente.tsx";
import type { BookingPageData } from "~/routes/reservar.server.ts";
import Reservar from "~/routes/reservar.tsx";

afterEach(cleanup);

const EXTERNAL = "https://reservas.example.com/alejandra";
const externalLink: BookingLink = { href: EXTERNAL, external: true };
const siteLink: BookingLink = { href: "/reservar", external: false };

type RouteProps = Record<string, unknown>;

/** Renders a route component with the props React Router would pass it, under a root loader's booking link. */
function renderAt(Component: unknown, loaderData: unknown, booking: BookingLink, actionData?: unknown) {
  const Page = Component as ComponentType<RouteProps>;
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user: null, origin: site.url, booking }),
      Component: () => <Page loaderData={loaderData} actionData={actionData} params={{}} matches={[]} />,
      HydrateFallback: () => null,
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

const appointment = {
  id: "00000000-0000-4000-8000-000000000001",
  professionalId: "laura",
  professionalName: "Laura",
  source: "online",
  status: "held",
  startsAt: "2027-01-11T08:00:00.000Z",
  endsAt: "2027-01-11T09:00:00.000Z",
  holdExpiresAt: "2027-01-10T08:20:00.000Z",
  priceCents: 2500,
  priceFrom: false,
  createdAt: "2027-01-10T08:00:00.000Z",
  updatedAt: "2027-01-10T08:00:00.000Z",
  confirmedAt: null,
  cancelledAt: null,
  cancelledBy: null,
  services: [
    {
      serviceId: "semipermanente",
      name: "Manicura semipermanente",
      durationMin: 60,
      bufferMin: 10,
      priceCents: 2500,
      priceFrom: false,
    },
  ],
  deposit: null,
};

const page: BookingPageData = {
  step: "services",
  query: { serviceIds: [], professional: null, from: null, day: null, time: null },
  menu: [],
  chosen: [],
  professionals: [],
  professionalName: null,
  days: [],
  day: null,
  times: [],
  at: null,
  today: "2027-01-04",
  horizonEnd: "2027-03-05",
  notice: null,
  user: null,
  cancelHours: 24,
  external: null,
};

describe("the booking pages with an external booking page", () => {
  it("/reservar only points to the external page", async () => {
    renderAt(Reservar, { ...page, external: EXTERNAL }, externalLink);
    const go = await screen.findByRole("link", { name: "Ir a la página de reservas" });
    expect(go.getAttribute("href")).toBe(EXTERNAL);
    expect(screen.getByRole("status").textContent).toMatch(/ya no se reservan en esta web/);
    expect(screen.queryByRole("navigation", { name: "Pasos de la reserva" })).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("a guest's confirmation page offers no confirm button and leads to the external page", async () => {
    renderAt(ConfirmarCita, { appointment, external: EXTERNAL }, externalLink);
    const go = await screen.findByRole("link", { name: /Ir a la página de reservas/ });
    expect(go.getAttribute("href")).toBe(EXTERNAL);
    expect(screen.queryByRole("button", { name: "Confirmar mi cita" })).toBeNull();
  });

  it("a new booking's deposit page offers no payment and leads to the external page", async () => {
    renderAt(
      ReservaPendiente,
      { appointment: { ...appointment, deposit: { cents: 1500, state: "unpaid" } }, held: true, external: EXTERNAL },
      externalLink,
    );
    const go = await screen.findByRole("link", { name: /Ir a la página de reservas/ });
    expect(go.getAttribute("href")).toBe(EXTERNAL);
    expect(screen.queryByRole("button", { name: /Pagar la señal/ })).toBeNull();
  });

  it("«Reserva de nuevo» and Mis citas' «Reserva tu cita» follow the setting", async () => {
    renderAt(
      ReservaPendiente,
      { appointment: { ...appointment, status: "expired" }, held: false, external: EXTERNAL },
      externalLink,
    );
    expect((await screen.findByRole("link", { name: /Reserva de nuevo/ })).getAttribute("href")).toBe(EXTERNAL);
    cleanup();
    renderAt(MisCitas, { upcoming: [], past: [], booked: null }, externalLink);
    expect((await screen.findByRole("link", { name: /Reserva tu cita/ })).getAttribute("href")).toBe(EXTERNAL);
    cleanup();
    renderAt(MisCitas, { upcoming: [], past: [], booked: null }, siteLink);
    expect((await screen.findByRole("link", { name: "Reserva tu cita" })).getAttribute("href")).toBe("/reservar");
  });
});

describe("the booking page's limits", () => {
  it("says she is at the cap, with a link to her appointments", async () => {
    renderAt(Reservar, page, siteLink, {
      errors: {},
      values: {},
      form: "Ya tienes 3 citas pendientes, el máximo que se puede reservar en la web.",
      manage: { href: "/perfil/citas", label: "Ver mis citas" },
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/^Ya tienes 3 citas pendientes/);
    expect(screen.getByRole("link", { name: "Ver mis citas" }).getAttribute("href")).toBe("/perfil/citas");
  });

  it("tells an account whose email is not verified that the booking waits for the email", async () => {
    const chosen = [
      {
        id: "semipermanente",
        name: "Manicura semipermanente",
        category: "manos",
        description: "",
        durationMin: 60,
        bufferMin: 10,
        priceCents: 2500,
        priceFrom: false,
        depositCents: null,
        bookableOnline: true,
      },
    ];
    const details = {
      ...page,
      step: "details",
      query: { serviceIds: ["semipermanente"], professional: "laura", from: null, day: "2027-01-11", time: 540 },
      chosen,
      professionals: [{ id: "laura", name: "Laura", title: "Manicurista" }],
      professionalName: "Laura",
      day: "2027-01-11",
      at: Date.parse("2027-01-11T08:00:00.000Z"),
    };
    const user = { name: "Ana López", email: "ana@example.com", phone: "+34600000000" };
    renderAt(Reservar, { ...details, user: { ...user, verified: false } }, siteLink);
    expect(await screen.findByRole("button", { name: "Reservar" })).toBeTruthy();
    expect(screen.getByText(/Como aún no has verificado tu correo/)).toBeTruthy();
    cleanup();
    renderAt(Reservar, { ...details, user: { ...user, verified: true } }, siteLink);
    expect(await screen.findByRole("button", { name: "Confirmar reserva" })).toBeTruthy();
    expect(screen.getByText(/Tu cita queda confirmada al momento/)).toBeTruthy();
  });
});
