import { describe, expect, it } from "vitest";
import { isPrivatePath } from "./cache-policy.ts";

describe("isPrivatePath", () => {
  it.each([
    ["/perfil", true],
    ["/perfil/mis-datos.json", true],
    ["/perfil.data", true],
    ["/perfil/ajustes", true],
    ["/perfil/ajustes.data", true],
    ["/gestion", true],
    ["/gestion/pedidos", true],
    ["/mis-cursos", true],
    ["/checkout/abc", true],
    ["/checkout/abc.data", true],
    ["/pago-demo/123", true],
    ["/success", true],
    ["/login", true],
    ["/registro", true],
    ["/restablecer-contrasena", true],
    ["/", false],
    ["/_root.data", false],
    ["/formaciones", false],
    ["/loginx", false],
    ["/assets/app.js", false],
  ])("%s → %s", (p, expected) => {
    expect(isPrivatePath(p)).toBe(expected);
  });
});
