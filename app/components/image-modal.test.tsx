// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithMessages } from "../../tests/helpers/with-messages.tsx";
import { ZoomableImage } from "./image-modal.tsx";

afterEach(cleanup);

function setup() {
  renderWithMessages(<ZoomableImage name="salon" alt="Interior del salón" sizes="100vw" />);
  return screen.getByRole("button", { name: "Ampliar imagen: Interior del salón" });
}

function dialog() {
  return document.querySelector("dialog");
}

describe("ZoomableImage + ImageModal", () => {
  it("renders a button around the picture and no dialog until opened", () => {
    const opener = setup();
    expect(opener.querySelector("picture img")).not.toBeNull();
    expect(dialog()).toBeNull();
  });

  it("opens a modal dialog with the large image and focuses the close button", () => {
    const opener = setup();
    fireEvent.click(opener);
    const d = dialog();
    expect(d?.open).toBe(true);
    expect(d?.getAttribute("aria-label")).toBe("Interior del salón");
    expect(d?.querySelector("img")?.getAttribute("alt")).toBe("Interior del salón");
    expect(d?.querySelector("source")?.getAttribute("sizes")).toBe("100vw");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cerrar imagen" }));
  });

  it("closes with the close button and returns focus to the opener", () => {
    const opener = setup();
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole("button", { name: "Cerrar imagen" }));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes on a backdrop click but not on a click on the image", () => {
    const opener = setup();
    fireEvent.click(opener);
    fireEvent.click(dialog()!.querySelector("img")!);
    expect(dialog()).not.toBeNull();
    fireEvent.click(dialog()!.querySelector(".image-modal__frame")!);
    expect(dialog()).toBeNull();
  });

  it("closes on Escape", () => {
    const opener = setup();
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByRole("button", { name: "Cerrar imagen" }), { key: "Escape" });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("falls back to the open attribute without native showModal", () => {
    const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
    const { showModal, close } = proto;
    proto.showModal = undefined;
    proto.close = undefined;
    try {
      const opener = setup();
      fireEvent.click(opener);
      expect(dialog()?.hasAttribute("open")).toBe(true);
      fireEvent.keyDown(dialog()!, { key: "Escape" });
      expect(dialog()).toBeNull();
    } finally {
      proto.showModal = showModal;
      proto.close = close;
    }
  });
});
