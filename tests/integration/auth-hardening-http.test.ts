import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForEmailTo } from "../helpers/eml.ts";
import { startServer, type RunningServer } from "../helpers/server.ts";

// Against the production build (BUILD_DIR selects which): the verification email
// goes through the real outbox worker, the link through the real route.
let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv?.stop();
});

const EMAIL = "verificacion-http@example.com";
const PASSWORD = "esmalte-rosa-http";

function post(pathname: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${srv.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: srv.url,
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

const verificationEmail = () =>
  waitForEmailTo(path.join(srv.dataDir, "outbox"), EMAIL, (mail) => mail.includes("/verificar-email?token="));

describe("email verification over HTTP", () => {
  let cookie = "";

  it("registration sends the link at once; the page asks before spending it; it works once", async () => {
    const reg = await post("/registro", { firstName: "Vera", lastName: "Http", email: EMAIL, password: PASSWORD, confirmPassword: PASSWORD });
    expect(reg.status).toBe(302);
    cookie = /an_session=[^;]*/.exec(reg.headers.get("set-cookie") ?? "")?.[0] ?? "";

    const pending = await fetch(`${srv.url}/verificar-email`, { headers: { cookie } });
    const pendingHtml = await pending.text();
    expect(pendingHtml).toContain("Tu correo aún no está confirmado");
    expect(pendingHtml).toContain("Reenviar enlace");

    const mail = await verificationEmail();
    expect(mail).toContain("Confirma tu correo electrónico");
    const link = new URL(/https?:\/\/[^\s"<>]+\/verificar-email\?token=[A-Za-z0-9_%-]+/.exec(mail)![0]);
    const token = link.searchParams.get("token")!;

    const page = await fetch(`${srv.url}${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirmar mi correo");

    const ok = await post(`${link.pathname}${link.search}`, { intent: "confirm", token });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Tu correo electrónico está confirmado.");

    const again = await post(`${link.pathname}${link.search}`, { intent: "confirm", token });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Este enlace ya se ha utilizado");

    const done = await fetch(`${srv.url}/verificar-email`, { headers: { cookie } });
    expect(await done.text()).toContain("Tu correo electrónico está confirmado.");
  });

  it("a wrong token is answered in Spanish", async () => {
    const page = await fetch(`${srv.url}/verificar-email?token=inventado`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Este enlace de verificación no es válido");
  });

  it("an oversized password is a 4xx answer, never a server error", async () => {
    // Just under the request body limit: reaches the form rules, which stop at the length.
    const long = "a".repeat(60_000);
    const reg = await post("/registro", { firstName: "L", lastName: "L", email: "larga-http@example.com", password: long, confirmPassword: "x" });
    expect(reg.status).toBe(400);
    expect(await reg.text()).toContain("La contraseña no puede tener más de 128 caracteres");
    const reset = await post("/restablecer-contrasena?token=t", { token: "t", password: long, confirmPassword: "x" });
    expect(reset.status).toBe(400);
    // 4 MB: refused before or by the form rules.
    const huge = "a".repeat(4 * 1024 * 1024);
    const big = await post("/registro", { firstName: "L", lastName: "L", email: "enorme-http@example.com", password: huge, confirmPassword: huge });
    expect(big.status).toBeGreaterThanOrEqual(400);
    expect(big.status).toBeLessThan(500);
  });
});
