import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";
import { signInRedirectPath } from "./sign-in-redirect.ts";

const from = (path: string) => signInRedirectPath(new URL(path, "http://localhost"));

describe("the sign-in a private page sends a signed-out visitor to", () => {
  it("is the Spanish sign-in from a Spanish page, with the way back", () => {
    expect(from("/perfil/datos")).toBe("/login?redirectTo=%2Fperfil%2Fdatos");
    expect(from("/checkout/expert-nails?x=1")).toBe("/login?redirectTo=%2Fcheckout%2Fexpert-nails%3Fx%3D1");
  });

  it("is the Catalan sign-in from a Catalan page, coming back to the Catalan page", () => {
    expect(from("/ca/perfil")).toBe("/ca/inici-sessio?redirectTo=%2Fca%2Fperfil");
    expect(from("/ca/perfil/compres?x=1")).toBe("/ca/inici-sessio?redirectTo=%2Fca%2Fperfil%2Fcompres%3Fx%3D1");
    expect(from("/ca/pagament/expert-nails")).toBe("/ca/inici-sessio?redirectTo=%2Fca%2Fpagament%2Fexpert-nails");
  });

  it("asks for a way back the sign-in page accepts as it is", () => {
    for (const path of ["/ca/perfil/dades?editar=1", "/ca/els-meus-cursos", "/perfil/ajustes"]) {
      const back = new URL(from(path), "http://localhost").searchParams.get("redirectTo");
      expect(safeRedirect(back, "/")).toBe(path);
    }
  });
});
