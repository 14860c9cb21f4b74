// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { useEffect } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY, type CartCourse } from "~/domain/cart.ts";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { CartProvider, CartProviderMissingError, useCart, useCartCount } from "./cart-context.tsx";
import { expert, expertCatalogue, inicio, inicioCatalogue } from "../../../tests/helpers/cart-courses.ts";

function mockCatalogue(courses: CartCourse[] | "fail") {
  const fetchMock = vi.fn(async () =>
    courses === "fail" ? new Response("", { status: 500 }) : Response.json({ courses }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

// The latest cart value, captured in an effect so the test can call add/remove/clear.
const probe: { cart?: ReturnType<typeof useCart> } = {};
function Probe() {
  const value = useCart();
  const count = useCartCount();
  useEffect(() => {
    probe.cart = value;
  });
  return <p data-testid="count">{`${count}:${value.items.map((i) => `${i.id}@${i.priceCents}`).join(",")}`}</p>;
}
const cart = new Proxy({} as ReturnType<typeof useCart>, {
  get: (_target, key: keyof ReturnType<typeof useCart>) => probe.cart![key],
});

const stored = () => JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? "null") as unknown;

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CartProvider", () => {
  it("loads the stored cart, adds once, removes, clears and saves every change", async () => {
    mockCatalogue([inicioCatalogue, expertCatalogue]);
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...inicio, quantity: 1 }]));
    render(
      <CartProvider>
        <Probe />
      </CartProvider>,
    );
    await waitFor(() => expect(cart.verified).toBe(true));
    expect(screen.getByTestId("count").textContent).toBe("1:formacion-inicio@28000");
    act(() => cart.add(expert));
    act(() => cart.add(expert));
    expect(screen.getByTestId("count").textContent).toBe("2:formacion-inicio@28000,expert-nails@99900");
    expect(stored()).toHaveLength(2);
    act(() => cart.remove("formacion-inicio"));
    expect(stored()).toEqual([{ ...expert, editionId: null, quantity: 1 }]);
    act(() => cart.clear());
    expect(stored()).toEqual([]);
    expect(screen.queryByRole("status")?.textContent).toBe("");
  });

  it("reconciles a tampered cart with the live catalogue and says so", async () => {
    mockCatalogue([inicioCatalogue]);
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { ...inicio, priceCents: 1 },
        { id: "curso-inexistente", priceCents: 1 },
      ]),
    );
    // The notice's words come from the page's loaders (the root's "common" slice), as on the site.
    const Stub = createRoutesStub([
      {
        path: "/formaciones",
        HydrateFallback: () => null,
        loader: () => ({ messages: messagesFor("es", ["common"]) }),
        Component: () => (
          <CartProvider>
            <Probe />
          </CartProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={["/formaciones"]} />);
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("1:formacion-inicio@28000"));
    expect(screen.getByRole("status").textContent).toContain("Hemos actualizado tu carrito");
    expect(screen.getByRole("button", { name: "Entendido" })).toBeTruthy();
    // Written back to storage by an effect after the render that shows it: wait for it too.
    await waitFor(() => expect(stored()).toEqual([{ ...inicio, editionId: null, quantity: 1 }]));
  });

  it("does not ask for the catalogue when nothing is stored", async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    render(
      <CartProvider>
        <Probe />
      </CartProvider>,
    );
    await waitFor(() => expect(cart.verified).toBe(true));
    expect(screen.getByTestId("count").textContent).toBe("0:");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("survives garbage in storage and a failing catalogue request", async () => {
    mockCatalogue("fail");
    window.localStorage.setItem(CART_STORAGE_KEY, "{{{");
    render(
      <CartProvider>
        <Probe />
      </CartProvider>,
    );
    await waitFor(() => expect(cart.loaded).toBe(true));
    expect(screen.getByTestId("count").textContent).toBe("0:");
  });
});

describe("outside the provider", () => {
  it("useCartCount is 0", () => {
    function Count() {
      return <p>{useCartCount()}</p>;
    }
    render(<Count />);
    expect(screen.getByText("0")).toBeTruthy();
  });

  it("useCart throws a programming error", () => {
    // React reports the thrown render error on console.error; that is expected here.
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    function Bad() {
      useCart();
      return null;
    }
    expect(() => render(<Bad />)).toThrow(CartProviderMissingError);
    spy.mockRestore();
  });
});
