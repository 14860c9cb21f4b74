// @vitest-environment happy-dom
// The client's booking pages as a browser renders them (route components with
// stubbed loader data, under a root route that says where "RESERVA TU CITA"
// leads), for issue 31: with "Página externa" every booking page and its
// "Reservar" links lead to the external page; at the cap of upcoming
// appointments the page says so with a link to her appointments; an account
// whose email is not verified is told her booking waits for the email.
import { readFileSync } from "node:fs";
import path from "node:path";
import { cleanup, render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { site } from "~/content/site.ts";
import type { MenuService } from "~/bookings/menu.server.ts";
import type { BookingLink } from "~/domain/booking-settings-form.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import MiCita from "~/routes/perfil.citas.cita.tsx";
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
      // The words of the pages' loaders (the "booking" slice, Mis citas' "account" one) and the root's ("common"), in Spanish.
      loader: () => ({
        user: null,
        origin: site.url,
        booking,
        messages: messagesFor("es", ["common", "booking", "account"]),
      }),
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

describe("item 10: the booking on a phone", () => {
  const semi: MenuService = {
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
  };
  const timeStep: BookingPageData = {
    ...page,
    step: "time",
    query: { serviceIds: ["semipermanente"], professional: "laura", from: null, day: "2027-01-11", time: null },
    chosen: [semi],
    professionals: [{ id: "laura", name: "Laura", title: "Manicurista" }],
    professionalName: "Laura",
    days: [
      { date: "2027-01-11", count: 41, first: 540, state: "free" },
      { date: "2027-01-12", count: 0, first: null, state: "full" },
      { date: "2027-01-16", count: 0, first: null, state: "off" },
      { date: "2027-01-17", count: 0, first: null, state: "closed" },
    ],
    day: "2027-01-11",
    times: [{ minutes: 540, at: Date.parse("2027-01-11T08:00:00.000Z") }],
  };

  it("says why a day has no times, labels days alike, and leads each choice to the step in view", async () => {
    renderAt(Reservar, timeStep, siteLink);
    const monday = await screen.findByRole("link", { name: /Lunes, 11 de enero/ });
    expect(monday.textContent).toBe("Lunes, 11 de eneroDesde las 09:00");
    expect(monday.getAttribute("href")).toMatch(/dia=2027-01-11.*#horas-libres$/);
    const days = document.querySelectorAll(".booking__days li");
    expect([...days].map((d) => d.textContent)).toEqual([
      "Lunes, 11 de eneroDesde las 09:00",
      "Martes, 12 de eneroCompleto",
      "Sábado, 16 de eneroNo trabaja",
      "Domingo, 17 de eneroCerrado",
    ]);
    expect(document.body.textContent).not.toMatch(/horas libres\b(?! el)/);
    // The times sit where "#horas-libres" scrolls; a time leads to the details, scrolled to "#paso".
    expect(document.getElementById("horas-libres")?.textContent).toMatch(/^Horas libres el lunes, 11 de enero/);
    expect(screen.getByRole("link", { name: "09:00" }).getAttribute("href")).toMatch(/hora=09%3A00#paso$/);
    expect(document.getElementById("paso")).not.toBeNull();
  });

  it("says what the deposit charges now and what is paid at the salon", async () => {
    renderAt(Reservar, { ...timeStep, chosen: [{ ...semi, depositCents: 1500 }] }, siteLink);
    const summary = (await screen.findByText(/señal de/)).textContent ?? "";
    expect(summary).toMatch(/25,00\s€: señal de 15,00\s€ al reservar y 10,00\s€ en el salón/);
    expect(summary).not.toMatch(/se paga en el salón/);
  });

  it("puts each professional's name above her title, and the professional step's form scrolls to the step", async () => {
    renderAt(
      Reservar,
      { ...timeStep, step: "professional", query: { ...timeStep.query, professional: null, day: null } },
      siteLink,
    );
    const laura = await screen.findByRole("radio", { name: /Laura/ });
    // The box, then the name over the title (bookings.css lays them out in two columns).
    const label = laura.closest("label")!;
    expect([...label.children].map((c) => c.tagName)).toEqual(["INPUT", "STRONG", "SMALL"]);
    expect(label.querySelector("small")?.textContent).toBe("Manicurista");
    const css = readFileSync(path.join(process.cwd(), "app/styles/bookings.css"), "utf8");
    expect(css).toMatch(/\.booking__choice \{[^}]*display: grid;[^}]*grid-template-columns: auto 1fr;/);
    expect(laura.closest("form")?.getAttribute("action")).toBe("/reservar#paso");
  });

  it("tells truthfully when the deposit's invoice arrives", async () => {
    renderAt(
      ReservaPendiente,
      {
        appointment: { ...appointment, status: "confirmed", deposit: { cents: 1500, state: "paid" } },
        held: false,
        external: null,
      },
      siteLink,
    );
    const status = await screen.findByRole("status");
    expect(status.textContent).toMatch(
      /La factura de la señal te llega en otro correo, aparte, en cuanto la emitimos\./,
    );
    expect(status.textContent).not.toMatch(/correo con los detalles de la cita y la factura/);
  });
});

describe("item 10: cancelling an appointment asks once and shows the result in view", () => {
  const live = { ...appointment, status: "confirmed", holdExpiresAt: null };
  const manage = { appointment: live, mayChange: true, cancelHours: 24, confirmCancel: false, move: null };

  it("offers «Anular la cita» as a question first, without JavaScript too", async () => {
    renderAt(MiCita, { page: manage, id: live.id }, siteLink);
    const ask = await screen.findByRole("button", { name: "Anular la cita" });
    const form = ask.closest("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe(`/perfil/citas/${live.id}#anular`);
    expect(form.querySelector('input[name="anular"]')?.getAttribute("value")).toBe("1");
    expect(screen.queryByRole("heading", { name: "¿Anular esta cita?" })).toBeNull();
  });

  it("asks with the appointment's facts, and only the confirming post cancels", async () => {
    renderAt(MiCita, { page: { ...manage, confirmCancel: true }, id: live.id }, siteLink);
    const heading = await screen.findByRole("heading", { name: "¿Anular esta cita?" });
    const question = heading.closest("section")!;
    expect(question.id).toBe("anular");
    expect(question.textContent).toMatch(
      /Vas a anular tu cita del lunes, 11 de enero, a las 09:00 \(Manicura semipermanente\) con Laura\./,
    );
    const yes = screen.getByRole("button", { name: "Sí, anular la cita" });
    const form = yes.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe(`/perfil/citas/${live.id}#resultado`);
    expect(form.querySelector('input[name="confirmar"]')?.getAttribute("value")).toBe("1");
    expect(screen.getByRole("link", { name: "No, mantenerla" }).getAttribute("href")).toBe(`/perfil/citas/${live.id}`);
    expect(screen.queryByRole("button", { name: "Anular la cita" })).toBeNull();
  });

  it("shows the result first on the page, announced and focused", async () => {
    renderAt(
      MiCita,
      { page: { ...manage, appointment: { ...live, status: "cancelled" }, mayChange: false }, id: live.id },
      siteLink,
      { ok: true, message: "Tu cita está anulada. Te hemos enviado un correo de confirmación." },
    );
    const status = await screen.findByRole("status");
    expect(status.id).toBe("resultado");
    expect(status.textContent).toMatch(/^Tu cita está anulada/);
    expect(document.activeElement).toBe(status);
    const appointmentBlock = document.querySelector(".appointment")!;
    expect(appointmentBlock.firstElementChild).toBe(status);
  });
});
