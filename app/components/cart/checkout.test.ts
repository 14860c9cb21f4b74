import { afterEach, describe, expect, it, vi } from "vitest";
import { createCheckoutSession, MISSING_URL_MESSAGE } from "./checkout.ts";

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("createCheckoutSession", () => {
  it("posts the course ids as JSON and returns the url", async () => {
    const fetchMock = answer(200, { url: "https://checkout.stripe.com/c/pay/cs_test_1" });
    expect(await createCheckoutSession(["formacion-inicio", "expert-nails"])).toEqual({
      kind: "redirect",
      url: "https://checkout.stripe.com/c/pay/cs_test_1",
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/create-checkout-session");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init.body))).toEqual({ courseIds: ["formacion-inicio", "expert-nails"] });
  });

  it("posts each course with the edition chosen", async () => {
    const fetchMock = answer(200, { url: "/pago-demo/1" });
    await createCheckoutSession([
      { courseId: "formacion-inicio", editionId: "formacion-inicio-2027-03" },
      { courseId: "expert-nails", editionId: null },
    ]);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      items: [{ courseId: "formacion-inicio", editionId: "formacion-inicio-2027-03" }, { courseId: "expert-nails" }],
    });
  });

  it("accepts a same-site path", async () => {
    answer(200, { url: "/pago-demo/123" });
    expect(await createCheckoutSession(["x"])).toEqual({ kind: "redirect", url: "/pago-demo/123" });
  });

  it.each([{}, { url: "" }, { url: "javascript:alert(1)" }, { url: "//evil.example" }])(
    "a missing or unsafe url (%j) shows the fixed missing-url alert",
    async (body) => {
      answer(200, body);
      expect(await createCheckoutSession(["x"])).toEqual({ kind: "error", message: MISSING_URL_MESSAGE });
    },
  );

  it("a non-OK answer shows the server's message or the default", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    answer(409, { message: "No quedan plazas" });
    expect(await createCheckoutSession(["x"])).toEqual({
      kind: "error",
      message: "Error al procesar el pago: No quedan plazas",
    });
    answer(500, { error: "x" });
    expect(await createCheckoutSession(["x"])).toEqual({
      kind: "error",
      message: "Error al procesar el pago: Error al crear la sesión de pago",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    expect((await createCheckoutSession(["x"])).kind).toBe("error");
    expect(spy).toHaveBeenCalledWith("Error creando checkout session:", expect.anything());
    spy.mockRestore();
  });
});
