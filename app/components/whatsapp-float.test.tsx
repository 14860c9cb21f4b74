// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "~/content/site.ts";
import { frameAt } from "../../tests/helpers/frame.tsx";
import { WHATSAPP_APPEAR_MS, WHATSAPP_TOOLTIP_MS, WhatsAppFloat } from "./whatsapp-float.tsx";

const TOOLTIP_TEXT = /¿Tienes dudas\?/;

/** The button as a Spanish page (or the page at `path`) shows it: under the root route's words. */
function renderFloat(path = "/") {
  return render(frameAt(path, () => <WhatsAppFloat />));
}

/** happy-dom's own handle on the window (not in the DOM typings): sets the viewport matchMedia reads. */
function setViewport(width: number, height: number) {
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport(
    { width, height },
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  window.sessionStorage.clear();
  setViewport(1280, 800);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe("WhatsAppFloat", () => {
  it("appears after 2 s and hides its tooltip 5 s later", () => {
    expect(WHATSAPP_APPEAR_MS).toBe(2000);
    expect(WHATSAPP_TOOLTIP_MS).toBe(5000);
  });

  it("renders nothing before 2 s, then the button and its tooltip", () => {
    renderFloat();
    expect(screen.queryByRole("link")).toBeNull();
    advance(1999);
    expect(screen.queryByRole("link")).toBeNull();
    advance(1);
    const link = screen.getByRole("link", { name: /Escríbenos por WhatsApp/ });
    expect(link.getAttribute("href")).toBe(site.whatsapp.link(site.whatsapp.defaultMessage));
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByText(TOOLTIP_TEXT)).toBeTruthy();
  });

  it("hides the tooltip 5 s after it appears, keeping the button", () => {
    renderFloat();
    advance(2000);
    advance(4999);
    expect(screen.queryByText(TOOLTIP_TEXT)).not.toBeNull();
    advance(1);
    expect(screen.queryByText(TOOLTIP_TEXT)).toBeNull();
    expect(screen.getByRole("link", { name: /Escríbenos por WhatsApp/ })).toBeTruthy();
  });

  it("hides the tooltip at once with its close button", () => {
    renderFloat();
    advance(2000);
    fireEvent.click(screen.getByRole("button", { name: "Cerrar aviso de WhatsApp" }));
    expect(screen.queryByText(TOOLTIP_TEXT)).toBeNull();
    expect(screen.getByRole("link", { name: /Escríbenos por WhatsApp/ })).toBeTruthy();
    // The pending 5 s timer was cleared and nothing comes back.
    advance(10_000);
    expect(screen.queryByText(TOOLTIP_TEXT)).toBeNull();
  });

  it("shows the tooltip once per session", () => {
    const first = renderFloat();
    advance(2000);
    expect(screen.queryByText(TOOLTIP_TEXT)).not.toBeNull();
    first.unmount();
    renderFloat();
    advance(2000);
    expect(screen.getByRole("link", { name: /Escríbenos por WhatsApp/ })).toBeTruthy();
    expect(screen.queryByText(TOOLTIP_TEXT)).toBeNull();
  });

  it("shows no tooltip on a phone-width screen, only the button", () => {
    setViewport(390, 844);
    renderFloat();
    advance(2000);
    expect(screen.getByRole("link", { name: /Escríbenos por WhatsApp/ })).toBeTruthy();
    expect(screen.queryByText(TOOLTIP_TEXT)).toBeNull();
  });

  it("hides the tooltip as soon as the person focuses or taps something else", () => {
    render(
      frameAt("/", () => (
        <>
          <input aria-label="Nombre" />
          <WhatsAppFloat />
        </>
      )),
    );
    advance(2000);
    expect(screen.queryByText(TOOLTIP_TEXT)).not.toBeNull();
    fireEvent.focusIn(screen.getByLabelText("Nombre"));
    expect(screen.queryByText(TOOLTIP_TEXT)).toBeNull();
  });

  it("speaks Catalan on a Catalan page, its greeting included", () => {
    renderFloat("/ca/contacte");
    advance(2000);
    expect(screen.getByText("Tens dubtes? Escriu-nos per WhatsApp i et responem de seguida.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Tanca l’avís de WhatsApp" })).toBeTruthy();
    const link = screen.getByRole("link", { name: "Escriu-nos per WhatsApp (s’obre en una pestanya nova)" });
    expect(link.getAttribute("href")).toBe(
      site.whatsapp.link("Hola, Alejandra Nails! M’agradaria demanar informació."),
    );
  });

  it("clears its timers when unmounted", () => {
    const { unmount } = renderFloat();
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
