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
    ["/ca/baixa/abc123", true],
    ["/ca/llista-espera/confirmar/abc123", true],
    // Every Catalan address of a private page (app/i18n/paths.ts).
    ["/ca/cita/abc123", true],
    ["/ca/reserva", true],
    ["/ca/reserva/confirmar/abc123", true],
    ["/ca/reserva/pendent", true],
    ["/ca/inici-sessio", true],
    ["/ca/registre", true],
    ["/ca/contrasenya-oblidada", true],
    ["/ca/restablir-contrasenya", true],
    ["/ca/verificar-correu", true],
    ["/ca/perfil", true],
    ["/ca/perfil/compres.data", true],
    ["/ca/els-meus-cursos", true],
    ["/ca/pagament/expert-nails", true],
    ["/ca/pagament-demo/123", true],
    ["/ca/compra-completada", true],
    ["/ca/pagament-cancellat", true],
    ["/ca", false],
    ["/ca/formacions", false],
    ["/ca/formacions/expert-nails", false],
    ["/ca/serveis", false],
    ["/ca/cistella", false],
    ["/", false],
    ["/_root.data", false],
    ["/formaciones", false],
    ["/loginx", false],
    ["/assets/app.js", false],
  ])("%s → %s", (p, expected) => {
    expect(isPrivatePath(p)).toBe(expected);
  });
});
