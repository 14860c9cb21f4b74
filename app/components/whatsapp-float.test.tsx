// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "~/content/site.ts";
import { WHATSAPP_APPEAR_MS, WHATSAPP_TOOLTIP_MS, WhatsAppFloat } from "./whatsapp-float.tsx";

const TOOLTIP_TEXT = /¿Tienes dudas\?/;

/** happy-dom's own handle on the window (not in the DOM typings): sets the viewport matchMedia reads. */
function setViewport(width: number, height: number) {
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height });
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
    render(<WhatsAppFloat />);
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
    render(<WhatsAppFloat />);
    advance(2000);
    advance(4999);
    expect(screen.queryByText(TOOLTIP_TEXT)).not.toBeNull();
    advance(1);
    expect(screen.queryByText(TOOLTIP_TEXT)).toBeNull();
    expect(screen.getByRole("link", { name: /Escríbenos por WhatsApp/ })).toBeTruthy();
  });

  it("hides the tooltip at once with its close button", () => {
    render(<WhatsAppFloat />);
    advance(2000);
    fireEvent.click(screen.getByRole("button", { name: "Cerrar aviso de WhatsApp" }));
    expect(screen.queryByText(TOOLTIP_TEXT)).toBeNull();
    expect(screen.getByRole("link", { name: /Escríbenos por WhatsApp/ })).toBeTruthy();
    // The pending 5 s timer was cleared and nothing comes back.
    advance(10_000);
    expect(screen.queryByText(TOOLTIP_TEXT)).toBeNull();
  });

  it("shows the tooltip once per session", () => {
    const first = render(<WhatsAppFloat />);
    advance(2000);
    expect(screen.queryByText(TOOLTIP_TEXT)).not.toBeNull();
    first.unmount();
    render(<WhatsAppFloat />);
    advance(2000);
    expect(screen.getByRole("link", { name: /Escríbenos por WhatsApp/ })).toBeTruthy();
    expect(screen.queryByText(TOOLTIP_TEXT)).toBeNull();
  });

  it("shows no tooltip on a phone-width screen, only the button", () => {
    setViewport(390, 844);
    render(<WhatsAppFloat />);
    advance(2000);
    expect(screen.getByRole("link", { name: /Escríbenos por WhatsApp/ })).toBeTruthy();
    expect(screen.queryByText(TOOLTIP_TEXT)).toBeNull();
  });

  it("hides the tooltip as soon as the person focuses or taps something else", () => {
    render(
      <>
        <input aria-label="Nombre" />
        <WhatsAppFloat />
      </>,
    );
    advance(2000);
    expect(screen.queryByText(TOOLTIP_TEXT)).not.toBeNull();
    fireEvent.focusIn(screen.getByLabelText("Nombre"));
    expect(screen.queryByText(TOOLTIP_TEXT)).toBeNull();
  });

  it("clears its timers when unmounted", () => {
    const { unmount } = render(<WhatsAppFloat />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
