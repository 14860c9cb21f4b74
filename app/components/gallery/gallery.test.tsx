// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { galleryImages as artwork } from "~/content/gallery.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { translator } from "~/i18n/messages.ts";
import { renderWithMessages } from "../../../tests/helpers/with-messages.tsx";
import { Gallery } from "./gallery.tsx";

const galleryImages = artwork(translator("es", messagesFor("es", ["home"])));
const render = (element: React.ReactElement) => renderWithMessages(element, { namespaces: ["home"] });

let reduceMotion = false;

beforeEach(() => {
  reduceMotion = false;
  vi.useFakeTimers();
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("prefers-reduced-motion") && reduceMotion,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** 1-based number of the slide currently shown. */
function current(): number {
  const active = document.querySelector('.gallery__slide[data-active="true"]');
  return Number(active?.getAttribute("aria-label")?.split(" ")[0]);
}

function button(name: string | RegExp) {
  return screen.getByRole("button", { name });
}

describe("Gallery", () => {
  it("renders an APG carousel with 8 labelled slides, titles and the first one shown", () => {
    render(<Gallery images={galleryImages} />);
    const region = screen.getByRole("region", { name: "Galería de trabajos" });
    expect(region.getAttribute("aria-roledescription")).toBe("carrusel");
    const slides = region.querySelectorAll(".gallery__slide");
    expect(slides).toHaveLength(8);
    expect(slides[0].getAttribute("aria-roledescription")).toBe("diapositiva");
    expect(slides[7].getAttribute("aria-label")).toBe("8 de 8");
    expect(current()).toBe(1);
    expect(within(region).getByText(galleryImages[0].title)).toBeTruthy();
    expect(screen.getByRole("img", { name: galleryImages[0].alt })).toBeTruthy();
  });

  it("next and previous wrap around at both ends", () => {
    render(<Gallery images={galleryImages} />);
    fireEvent.click(button("Imagen anterior"));
    expect(current()).toBe(8);
    fireEvent.click(button("Imagen siguiente"));
    expect(current()).toBe(1);
    fireEvent.click(button("Imagen siguiente"));
    expect(current()).toBe(2);
  });

  it("dots jump and mark the current slide", () => {
    render(<Gallery images={galleryImages} />);
    expect(screen.getAllByRole("button", { name: /^Ir a la imagen \d$/ })).toHaveLength(8);
    fireEvent.click(button("Ir a la imagen 5"));
    expect(current()).toBe(5);
    expect(button("Ir a la imagen 5").getAttribute("aria-current")).toBe("true");
    expect(button("Ir a la imagen 1").hasAttribute("aria-current")).toBe(false);
  });

  it("thumbnails jump to their image", () => {
    render(<Gallery images={galleryImages} />);
    fireEvent.click(button(`Ver ${galleryImages[6].title}`));
    expect(current()).toBe(7);
    expect(button(`Ver ${galleryImages[6].title}`).getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("img", { name: galleryImages[6].alt })).toBeTruthy();
  });

  it("advances every 4000 ms and wraps", () => {
    render(<Gallery images={galleryImages} />);
    act(() => vi.advanceTimersByTime(3999));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(2);
    for (let i = 0; i < 7; i++) act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe(1);
  });

  it("a manual move restarts the 4 s wait", () => {
    render(<Gallery images={galleryImages} />);
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(button("Ir a la imagen 4"));
    fireEvent.blur(button("Ir a la imagen 4"));
    act(() => vi.advanceTimersByTime(3999));
    expect(current()).toBe(4);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(5);
  });

  it("pause stops auto-advance, resume restarts it, and the live region follows", () => {
    render(<Gallery images={galleryImages} />);
    const slides = document.getElementById("galeria-diapositivas")!;
    expect(slides.getAttribute("aria-live")).toBe("off");
    fireEvent.click(button("Pausar presentación"));
    expect(slides.getAttribute("aria-live")).toBe("polite");
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe(1);
    fireEvent.click(button("Reanudar presentación"));
    expect(slides.getAttribute("aria-live")).toBe("off");
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe(2);
  });

  it("hover and keyboard focus hold rotation until they leave", () => {
    render(<Gallery images={galleryImages} />);
    const region = screen.getByRole("region", { name: "Galería de trabajos" });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(8000));
    expect(current()).toBe(1);
    fireEvent.mouseLeave(region);
    fireEvent.focus(button("Imagen siguiente"));
    act(() => vi.advanceTimersByTime(8000));
    expect(current()).toBe(1);
    fireEvent.blur(button("Imagen siguiente"));
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe(2);
  });

  it("does not auto-advance when the visitor prefers reduced motion", () => {
    reduceMotion = true;
    render(<Gallery images={galleryImages} />);
    expect(button("Reanudar presentación")).toBeTruthy();
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe(1);
    fireEvent.click(button("Imagen siguiente"));
    expect(current()).toBe(2);
  });

  it("mounts the current slide and its neighbours only; thumbnails are lazy", () => {
    render(<Gallery images={galleryImages} />);
    const slides = document.querySelectorAll(".gallery__slide");
    const withPicture = [...slides].map((s) => s.querySelector("img") !== null);
    expect(withPicture).toEqual([true, true, false, false, false, false, false, true]);
    const thumbs = document.querySelectorAll(".gallery__thumb img");
    expect([...thumbs].every((img) => img.getAttribute("loading") === "lazy")).toBe(true);
  });
});
