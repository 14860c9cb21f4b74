// @vitest-environment happy-dom
// The copy around the salon's photos stays true either way: with the artwork the
// pages speak of illustrations and cards; with photos uploaded in Gestión → Fotos,
// of "our work" and "así somos en el salón".
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { photoEntry } from "~/domain/site-photo.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import Equipo from "~/routes/equipo.tsx";
import Home from "~/routes/home.tsx";

afterEach(cleanup);

const photo = (id: string, slot: "hero" | "gallery" | "team" | "professional", alt: string, caption = null) => ({
  id,
  alt,
  caption,
  entry: photoEntry({ slot, imageKey: "0123456789abcdef", width: 960, color: "#aabbcc" }),
});

/** The page with its loader's data and, as its loader and the root's send them, its words and the frame's. */
async function renderPage(path: string, Component: unknown, loaderData: object, namespace: string) {
  const data = { ...loaderData, messages: messagesFor("es", [namespace, "common"]) };
  const Stub = createRoutesStub([
    { path, Component: Component as never, loader: () => data, HydrateFallback: () => null },
  ]);
  render(<Stub initialEntries={[path]} />);
  await screen.findByRole("heading", { level: 1 });
}

describe("home page", () => {
  it("shows the artwork as the styles the salon does", async () => {
    await renderPage("/", Home, { hero: null, gallery: [] }, "home");
    expect(screen.getByRole("heading", { name: "Estilos que hacemos" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Nuestros trabajos" })).toBeNull();
    expect(screen.getByRole("region", { name: "Galería de estilos" })).toBeTruthy();
    const hero = document.querySelector(".hero__img")!;
    expect(hero.getAttribute("src")).toMatch(/^\/img\/hero-/);
    expect(hero.getAttribute("fetchpriority")).toBe("high");
  });

  it("shows uploaded photos as the salon's work, the hero first and eager", async () => {
    await renderPage(
      "/",
      Home,
      {
        hero: photo("h", "hero", "Fachada del salón"),
        gallery: [photo("g1", "gallery", "Uñas francesas en una clienta")],
      },
      "home",
    );
    expect(screen.getByRole("heading", { name: "Nuestros trabajos" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Galería de trabajos" })).toBeTruthy();
    const hero = document.querySelector(".hero__img")!;
    expect(hero.getAttribute("src")).toBe("/img/uploads/photo-0123456789abcdef-960.jpg");
    expect(hero.getAttribute("alt")).toBe("Fachada del salón");
    expect(hero.getAttribute("fetchpriority")).toBe("high");
    expect(hero.getAttribute("width")).toBe("960");
    expect(screen.getByAltText("Uñas francesas en una clienta")).toBeTruthy();
    expect(screen.getByText("Trabajo 1")).toBeTruthy();
  });
});

describe("/equipo", () => {
  it("calls the cards cards while there is no group photo", async () => {
    await renderPage("/equipo", Equipo, { team: null, professionals: {} }, "team");
    expect(screen.queryByText(/Así somos en el salón/)).toBeNull();
    expect(screen.getByText(/Una tarjeta por profesional/)).toBeTruthy();
  });

  it("says «así somos en el salón» under a real photo, and shows the portraits", async () => {
    await renderPage(
      "/equipo",
      Equipo,
      {
        team: photo("t", "team", "Las seis del equipo en la puerta del salón"),
        professionals: { laura: photo("l", "professional", "Laura Martínez en su mesa") },
      },
      "team",
    );
    expect(screen.getByText(/Así somos en el salón/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ampliar imagen: Laura Martínez en su mesa" })).toBeTruthy();
    expect(
      screen.getByRole("button", { name: "Ampliar imagen: Las seis del equipo en la puerta del salón" }),
    ).toBeTruthy();
    // The others keep their monogram cards.
    expect(
      screen.getByRole("button", { name: /Ampliar imagen: Tarjeta con el monograma de Sofía Romero/ }),
    ).toBeTruthy();
  });
});
