import { describe, expect, it } from "vitest";
import { documentResponse, renderedDocument } from "./rendered-document.server.ts";

const page = "<!DOCTYPE html><html lang=\"es\"><body><h1>Uñas y pestañas — «Molins de Rei»</h1></body></html>";

describe("documentResponse", () => {
  it("hands the page over as the same string, keyed by its Response", () => {
    const response = documentResponse(page, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
    expect(renderedDocument(response)).toBe(page);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("is a real body for anyone who reads it: the same page, as UTF-8 bytes", async () => {
    const response = documentResponse(page, { status: 404 });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes).equals(Buffer.from(page, "utf8"))).toBe(true);
    expect(response.status).toBe(404);
  });

  it("knows nothing of another Response, even one wrapping the same body", async () => {
    const original = documentResponse(page, { status: 200 });
    const wrapped = new Response(original.body, original);
    expect(renderedDocument(wrapped)).toBeUndefined();
    expect(renderedDocument(new Response(page))).toBeUndefined();
    // Read the normal way, the wrapped one still carries the whole page.
    expect(await wrapped.text()).toBe(page);
  });
});
