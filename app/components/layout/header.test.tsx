// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { serverTranslator } from "~/i18n/catalogue.server.ts";
import { localHref } from "~/i18n/paths.ts";
import type { RootUser } from "~/root-data.ts";
import { frameAt, rootDataFor } from "../../../tests/helpers/frame.tsx";
import { cartLabel, Header } from "./header.tsx";

function setScrollY(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
}

afterEach(() => {
  cleanup();
  setScrollY(0);
});

function renderHeader(user: RootUser | null = null, path = "/") {
  render(frameAt(path, () => <Header user={user} />, { user }));
  return { header: screen.getByRole("banner"), toggle: screen.getByRole("button", { name: "Menú" }) };
}

function scrollTo(y: number) {
  act(() => {
    setScrollY(y);
    window.dispatchEvent(new Event("scroll"));
  });
}

describe("Header", () => {
  it("takes the scrolled look only past 50 px", () => {
    const { header } = renderHeader();
    expect(header.className).not.toContain("is-scrolled");
    scrollTo(50);
    expect(header.className).not.toContain("is-scrolled");
    scrollTo(51);
    expect(header.className).toContain("is-scrolled");
    scrollTo(0);
    expect(header.className).not.toContain("is-scrolled");
  });

  it("opens and closes the mobile menu with its button", () => {
    const { toggle } = renderHeader();
    const menu = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(menu.className).not.toContain("is-open");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(menu.className).toContain("is-open");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes the menu on Escape and returns focus to the button", () => {
    const { toggle } = renderHeader();
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  it("closes the menu on any link click (internal or external)", () => {
    const { toggle } = renderHeader();
    fireEvent.click(toggle);
    const whatsapp = screen.getByRole("link", { name: /Escríbenos por WhatsApp/ });
    whatsapp.addEventListener("click", (e) => e.preventDefault());
    fireEvent.click(whatsapp);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole("link", { name: "EQUIPO" }));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("marks the current page and leads to the site's booking page in the same tab", () => {
    renderHeader();
    expect(screen.getByRole("link", { name: "INICIO" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "EQUIPO" }).getAttribute("aria-current")).toBeNull();
    const booking = screen.getByRole("link", { name: "RESERVA TU CITA" });
    expect(booking.getAttribute("href")).toBe("/reservar");
    expect(booking.getAttribute("target")).toBeNull();
  });

  it("opens the owner's external booking page in a new tab when the root loader says so", async () => {
    const external = "https://reservas.example.com/alejandra";
    render(frameAt("/", () => <Header user={null} />, { booking: { href: external, external: true } }));
    const booking = await screen.findByRole("link", { name: "RESERVA TU CITA (se abre en una pestaña nueva)" });
    expect(booking.getAttribute("href")).toBe(external);
    expect(booking.getAttribute("target")).toBe("_blank");
    expect(booking.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("shows no badge for an empty cart and Iniciar sesión when signed out", () => {
    renderHeader();
    const cart = screen.getByRole("link", { name: "Carrito" });
    expect(cart.querySelector(".cart-badge")).toBeNull();
    expect(screen.getByRole("link", { name: "Iniciar sesión" }).getAttribute("href")).toBe("/login");
  });

  it("names the cart by its count, in the page's language", () => {
    const es = serverTranslator("es");
    expect(cartLabel(es, 0)).toBe("Carrito");
    expect(cartLabel(es, 1)).toBe("Carrito, 1 curso");
    expect(cartLabel(es, 2)).toBe("Carrito, 2 cursos");
    const ca = serverTranslator("ca");
    expect(cartLabel(ca, 0)).toBe("Cistella");
    expect(cartLabel(ca, 1)).toBe("Cistella, 1 curs");
    expect(cartLabel(ca, 3)).toBe("Cistella, 3 cursos");
  });

  it("offers the Catalan page from a Spanish page that has one, and none where there is none", () => {
    renderHeader(null, "/equipo");
    const switcher = screen.getByRole("link", { name: "Català (Ver esta página en catalán)" });
    expect(switcher.getAttribute("href")).toBe("/ca/equip");
    expect(switcher.textContent).toBe("Català (Ver esta página en catalán)");
    cleanup();
    // The staff area stays Spanish: it has no Catalan version.
    renderHeader(null, "/gestion");
    expect(screen.queryByRole("link", { name: /Ver esta página en catalán/u })).toBeNull();
  });
});

describe("Header in Catalan", () => {
  it("shows the menu in Catalan, linking to the Catalan pages where they exist", () => {
    const { toggle } = renderHeader(null, "/ca/equip");
    expect(toggle.textContent).toBe("Menú");
    const nav = screen.getByRole("navigation", { name: "Menú principal" });
    const links = Array.from(nav.querySelectorAll("a")).map((a) => [a.textContent, a.getAttribute("href")]);
    // Pages join CATALAN_READY as they are translated: each link goes to its Catalan page once it has one.
    expect(links).toEqual([
      ["INICI", "/ca"],
      ["SERVEIS", localHref("ca", "/servicios")],
      ["EQUIP", "/ca/equip"],
      ["FORMACIONS", localHref("ca", "/formaciones")],
      ["CONTACTE", "/ca/contacte"],
    ]);
    expect(screen.getByRole("link", { name: "EQUIP" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Inicia la sessió" }).getAttribute("href")).toBe(localHref("ca", "/login"));
    expect(screen.getByRole("link", { name: "RESERVA LA TEVA CITA" }).getAttribute("href")).toBe(
      localHref("ca", "/reservar"),
    );
    expect(screen.getByRole("link", { name: "Cistella" }).getAttribute("href")).toBe(localHref("ca", "/carrito"));
    expect(
      screen.getByRole("link", { name: /^Escriu-nos per WhatsApp \(s’obre en una pestanya nova\)$/ }),
    ).toBeTruthy();
    const switcher = screen.getByRole("link", { name: "Castellano (Veure aquesta pàgina en castellà)" });
    expect(switcher.getAttribute("href")).toBe("/equipo");
    expect(switcher.getAttribute("lang")).toBe("es");
  });

  it("names the signed-in menu's links in Catalan", () => {
    renderHeader({ id: "u1", email: "ana@example.com", displayName: "Ana", firstName: "Ana" }, "/ca");
    fireEvent.click(document.querySelector("details.user-menu summary")!);
    expect(screen.getByRole("link", { name: "El meu perfil" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Els meus cursos" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Tanca la sessió" })).toBeTruthy();
  });
});

describe("UserMenu", () => {
  const user: RootUser = { id: "u1", email: "ana@example.com", displayName: "Ana", firstName: "Ana" };

  /** The native disclosure: its summary opens it before hydration too (issue 16a). */
  function userMenu() {
    const details = document.querySelector<HTMLDetailsElement>("details.user-menu")!;
    return { details, summary: details.querySelector("summary")! };
  }

  it("replaces Iniciar sesión by the user's name and toggles the menu", () => {
    renderHeader(user);
    expect(screen.queryByRole("link", { name: "Iniciar sesión" })).toBeNull();
    const { details, summary } = userMenu();
    expect(summary.textContent).toContain("Ana");
    expect(details.open).toBe(false);
    fireEvent.click(summary);
    expect(details.open).toBe(true);
    expect(screen.getByRole("link", { name: "Mi perfil" }).getAttribute("href")).toBe("/perfil");
    expect(screen.getByRole("link", { name: "Mis cursos" }).getAttribute("href")).toBe("/mis-cursos");
    const logout = screen.getByRole("button", { name: "Cerrar sesión" });
    const form = logout.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/logout");
    fireEvent.click(summary);
    expect(details.open).toBe(false);
  });

  it("shows the first name in the pill and keeps the full name as the summary's name", () => {
    renderHeader({ ...user, displayName: "Lucía Fernández Prieto", firstName: "Lucía" });
    const { summary } = userMenu();
    const pill = summary.querySelector(".user-menu__name")!;
    expect(pill.textContent).toBe("Lucía");
    expect(pill.getAttribute("title")).toBe("Lucía Fernández Prieto");
    expect(summary.querySelector(".visually-hidden")!.textContent).toBe("Lucía Fernández Prieto");
  });

  it("shows the email when there is no display name", () => {
    renderHeader({ ...user, displayName: "", firstName: "" });
    expect(userMenu().summary.querySelector(".visually-hidden")!.textContent).toBe("ana@example.com");
  });

  it("closes on Escape and on a click outside", () => {
    renderHeader(user);
    const { details, summary } = userMenu();
    fireEvent.click(summary);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(summary);
    fireEvent.click(summary);
    expect(details.open).toBe(true);
    fireEvent.pointerDown(document.body);
    expect(details.open).toBe(false);
  });

  it("closes when one of its links is followed", () => {
    renderHeader(user);
    const { details, summary } = userMenu();
    fireEvent.click(summary);
    fireEvent.click(screen.getByRole("link", { name: "Mi perfil" }));
    expect(details.open).toBe(false);
  });

  it("keeps a menu opened before hydration open, and closes it once hydrated", async () => {
    const data = rootDataFor("/", { user });
    const Stub = createRoutesStub([
      { id: "root", path: "/", loader: () => data, Component: () => <Header user={user} /> },
    ]);
    const hydrationData = { loaderData: { root: data } };
    const host = document.createElement("div");
    host.innerHTML = renderToString(<Stub initialEntries={["/"]} hydrationData={hydrationData} />);
    document.body.append(host);
    const { details, summary } = userMenu();
    // Tapped before React took over: the browser opened it.
    fireEvent.click(summary);
    expect(details.open).toBe(true);
    const root = await act(async () =>
      hydrateRoot(host, <Stub initialEntries={["/"]} hydrationData={hydrationData} />),
    );
    expect(details.open).toBe(true);
    expect(screen.getByRole("link", { name: "Mi perfil" })).toBeTruthy();
    // React knows it is open: Escape closes it.
    fireEvent.keyDown(document, { key: "Escape" });
    expect(details.open).toBe(false);
    act(() => root.unmount());
    host.remove();
  });
});
