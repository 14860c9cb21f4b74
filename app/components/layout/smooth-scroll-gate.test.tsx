// @vitest-environment happy-dom
import { act, cleanup, render } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SmoothScrollGate } from "./smooth-scroll-gate.tsx";

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.smoothScroll;
});

/** Stands where <ScrollRestoration> does (after the gate): what its scroll of each location would see. */
function ScrollProbe({ seen, onNavigate }: { seen: string[]; onNavigate: (n: NavigateFunction) => void }) {
  const location = useLocation();
  onNavigate(useNavigate());
  useLayoutEffect(() => {
    const smooth = document.documentElement.dataset.smoothScroll !== undefined;
    seen.push(`${location.pathname}${location.search}${location.hash}: ${smooth ? "smooth" : "instant"}`);
  }, [location, seen]);
  return null;
}

function renderGate(start: string) {
  const seen: string[] = [];
  let navigate: NavigateFunction = () => undefined;
  render(
    <MemoryRouter initialEntries={[start]}>
      <SmoothScrollGate />
      <ScrollProbe seen={seen} onNavigate={(n) => (navigate = n)} />
    </MemoryRouter>,
  );
  return { seen, go: (to: string) => act(() => void navigate(to)) };
}

describe("SmoothScrollGate", () => {
  it("turns smooth scrolling on only once the first page is in place", () => {
    const { seen } = renderGate("/servicios");
    expect(seen).toEqual(["/servicios: instant"]);
    expect(document.documentElement.dataset.smoothScroll).toBe("");
  });

  it("keeps it off for the scroll of every other page, and on for a new #hash on the same page", () => {
    const { seen, go } = renderGate("/");
    go("/aviso-legal");
    go("/servicios#pies");
    go("/servicios#diseno");
    go("/servicios");
    go("/servicios?x=1#diseno");
    expect(seen).toEqual([
      "/: instant",
      "/aviso-legal: instant",
      "/servicios#pies: instant",
      "/servicios#diseno: smooth",
      "/servicios: instant",
      "/servicios?x=1#diseno: instant",
    ]);
    // Between navigations it is on again, for the links within the page.
    expect(document.documentElement.dataset.smoothScroll).toBe("");
  });
});
