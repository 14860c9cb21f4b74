import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps same-site paths with query and hash", () => {
    expect(safeRedirect("/perfil")).toBe("/perfil");
    expect(safeRedirect("/perfil/cursos?x=1#y")).toBe("/perfil/cursos?x=1#y");
    expect(safeRedirect("/checkout/expert-nails")).toBe("/checkout/expert-nails");
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "perfil",
    "/\t/evil.example",
    "/\n/evil.example",
    "\u0000/perfil",
    " /perfil",
  ])("rejects %j", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });

  it("uses the fallback for empty or non-string values", () => {
    expect(safeRedirect(null, "/perfil")).toBe("/perfil");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect("", "/x")).toBe("/x");
    expect(safeRedirect(new File([], "a"))).toBe("/");
  });
});
