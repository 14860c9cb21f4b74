// @vitest-environment happy-dom
// Gestión → Fotos: every place a photo can go, an upload form where there is none
// (with the slot's size and required alt text), and the stored photos with their forms.
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { photoEntry } from "~/domain/site-photo.ts";
import StaffPhotos from "~/routes/gestion.fotos.tsx";

afterEach(cleanup);

const stored = (id: string, slot: "hero" | "gallery", alt: string) => ({
  id,
  slot,
  subjectId: null,
  position: 1,
  alt,
  caption: null,
  entry: photoEntry({ slot, imageKey: "0123456789abcdef", width: 960, color: "#aabbcc" }),
});

async function renderPage(loaderData: unknown) {
  const Stub = createRoutesStub([
    { path: "/gestion/fotos", Component: StaffPhotos as never, loader: () => loaderData, HydrateFallback: () => null },
  ]);
  render(<Stub initialEntries={["/gestion/fotos"]} />);
  await screen.findByRole("heading", { level: 1, name: "Fotos" });
}

describe("Gestión → Fotos", () => {
  it("offers an upload with required alt text wherever there is no photo", async () => {
    await renderPage({
      photos: [],
      professionals: [{ id: "laura", name: "Laura Martínez" }],
      services: [{ id: "semipermanente", name: "Semipermanente" }],
      notice: null,
    });
    expect(screen.getByRole("heading", { name: "Galería de trabajos (0 de 12)" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Laura Martínez" })).toBeTruthy();
    const forms = document.querySelectorAll('form[action="/gestion/fotos/subir"]');
    // Hero, gallery, team, one professional, one service.
    expect(forms).toHaveLength(5);
    for (const form of forms) {
      expect(form.getAttribute("enctype")).toBe("multipart/form-data");
      expect(form.querySelector('input[name="alt"]')?.hasAttribute("required")).toBe(true);
      expect(form.querySelector('input[name="image"]')?.getAttribute("accept")).toBe("image/jpeg,image/png,image/webp");
    }
    expect(screen.getByText(/al menos 1280 × 720 píxeles. Se recorta en formato 16:9/)).toBeTruthy();
  });

  it("lists stored photos with their text, order and remove buttons", async () => {
    await renderPage({
      photos: [stored("h", "hero", "Fachada del salón"), stored("g1", "gallery", "Uñas francesas")],
      professionals: [],
      services: [],
      notice: "Foto guardada: ya se ve en la web.",
    });
    expect(screen.getByRole("status").textContent).toBe("Foto guardada: ya se ve en la web.");
    const card = document.getElementById("foto-g1")!;
    expect(within(card).getByRole("img", { name: "Uñas francesas" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Quitar foto" })).toBeTruthy();
    // The only gallery photo has nowhere to move.
    expect(within(card).queryByRole("button", { name: "Subir en la galería" })).toBeNull();
    expect(screen.getByDisplayValue("Fachada del salón")).toBeTruthy();
  });
});
