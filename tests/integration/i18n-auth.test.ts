/**
 * The visitor's sign-in pages in Catalan (issue 34), against the production
 * build (`npm run build` first, or BUILD_DIR): each /ca/ page answers in
 * Catalan with its alternates, a form's errors come back in the page's
 * language, and the Spanish pages say what they always said.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../helpers/server.ts";

let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer(process.env.PORT_BASE ? { PORT: process.env.PORT_BASE } : {});
}, 60_000);
afterAll(async () => {
  await srv?.stop();
});

const get = (pathname: string) => fetch(`${srv.url}${pathname}`, { redirect: "manual" });
function post(pathname: string, fields: Record<string, string>) {
  return fetch(`${srv.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: srv.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

const catalanPages = [
  {
    ca: "/ca/inici-sessio",
    es: "/login",
    status: 200,
    says: ["Inicia la sessió", "Has oblidat la contrasenya?", "Registra’t"],
  },
  { ca: "/ca/registre", es: "/registro", status: 200, says: ["Crea un compte", "Cognoms", "Almenys 6 caràcters."] },
  {
    ca: "/ca/contrasenya-oblidada",
    es: "/forgot-password",
    status: 200,
    says: ["Recupera la contrasenya", "Envia l’enllaç", "Torna a iniciar la sessió"],
  },
  {
    ca: "/ca/restablir-contrasenya",
    es: "/restablecer-contrasena",
    status: 200,
    says: ["Enllaç no vàlid", "Aquest enllaç no és vàlid.", "Demana un enllaç nou"],
  },
  {
    ca: "/ca/verificar-correu?token=no-existe",
    es: "/verificar-email",
    status: 200,
    says: ["Enllaç no vàlid", "Aquest enllaç de verificació no és vàlid.", "Inicia la sessió per demanar-ne un altre"],
  },
  {
    ca: "/ca/llista-espera/confirmar/no-existe",
    es: "/lista-espera/confirmar/no-existe",
    status: 404,
    says: ["Enllaç no vàlid", "Aquest enllaç ha caducat o no és vàlid.", "Mira les formacions"],
  },
  {
    ca: "/ca/baixa/no-existe",
    es: "/baja/no-existe",
    status: 404,
    says: ["Enllaç no vàlid", "Aquest enllaç per donar-te de baixa no és vàlid.", "El meu perfil › Configuració"],
  },
];

describe("the sign-in pages in Catalan", () => {
  it.each(catalanPages)("$ca answers in Catalan", async ({ ca, status, says }) => {
    const res = await get(ca);
    expect(res.status).toBe(status);
    const html = await res.text();
    expect(html).toContain('<html lang="ca"');
    for (const text of says) expect(html).toContain(text);
  });

  it("names both languages in the alternates and links to Catalan pages", async () => {
    const html = await (await get("/ca/inici-sessio")).text();
    expect(html).toMatch(/<link rel="alternate" hrefLang="es" href="[^"]*\/login"/i);
    expect(html).toMatch(/<link rel="alternate" hrefLang="ca" href="[^"]*\/ca\/inici-sessio"/i);
    expect(html).toMatch(/hrefLang="x-default"/i);
    expect(html).toContain('href="/ca/contrasenya-oblidada"');
    expect(html).toContain('href="/ca/registre"');
    expect(html).not.toContain("¿Has olvidado tu contraseña?");
  });

  it("shows a failed sign-in's error in Catalan", async () => {
    const res = await post("/ca/inici-sessio", { email: "ningu@example.com", password: "qualsevol-cosa" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("No hi ha cap compte amb aquest correu electrònic");
    // The visible alert; the action's data keeps its Spanish source text for the browser's re-render.
    expect(html).toMatch(/role="alert"[^>]*>No hi ha cap compte amb aquest correu electrònic</);
  });

  it("shows a too-short password's validation message in Catalan", async () => {
    const res = await post("/ca/registre", {
      firstName: "Núria",
      lastName: "Prats",
      email: "nuria.curta@example.com",
      password: "abc",
      confirmPassword: "abc",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("La contrasenya ha de tenir almenys 6 caràcters");
    expect(html).toContain("<span>La contrasenya ha de tenir almenys 6 caràcters</span>");
  });

  it("sends a signed-out visitor of /ca/verificar-correu to the Catalan sign-in", async () => {
    const res = await get("/ca/verificar-correu");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ca/inici-sessio?redirectTo=%2Fverificar-email");
  });

  it("lands a new account made on /ca/registre on the Catalan home page", async () => {
    const res = await post("/ca/registre", {
      firstName: "Núria",
      lastName: "Prats",
      email: "nuria.registre@example.com",
      password: "una-contrasenya-llarga",
      confirmPassword: "una-contrasenya-llarga",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ca");
  });
});

describe("the sign-in pages in Spanish, unchanged", () => {
  it.each([
    ["/login", ["Iniciar sesión", "¿Has olvidado tu contraseña?", "Regístrate"]],
    ["/registro", ["Crear cuenta", "Apellidos", "Al menos 6 caracteres."]],
    ["/forgot-password", ["Recuperar contraseña", "Enviar enlace"]],
    ["/restablecer-contrasena", ["Enlace no válido", "Pedir un enlace nuevo"]],
  ])("%s answers in Spanish", async (pathname, says) => {
    const res = await get(pathname);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="es"');
    for (const text of says) expect(html).toContain(text);
  });

  it("shows a failed sign-in's and a short password's errors in Spanish", async () => {
    const login = await post("/login", { email: "nadie@example.com", password: "lo-que-sea" });
    expect(await login.text()).toContain("No existe una cuenta con este correo electrónico");
    const reg = await post("/registro", {
      firstName: "Rosa",
      lastName: "Gil",
      email: "rosa.corta@example.com",
      password: "abc",
      confirmPassword: "abc",
    });
    expect(await reg.text()).toContain("La contraseña debe tener al menos 6 caracteres");
  });
});
