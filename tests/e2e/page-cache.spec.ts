import { createAccountFromOtherNetwork, expect, test, userMenuSummary } from "./fixtures.ts";

// Anonymous pages come from the shared page cache (server/page-cache.ts): the same
// bytes for every visitor, scripts allowed by hash. In Chromium such a page must
// hydrate and work with the CSP enforced (the fixture fails on any violation),
// and a visitor who signs in must see her own page, not the shared one.

test("a page served from the cache hydrates under its hashed CSP, revalidates with 304 and works", async ({
  page,
  baseURL,
}) => {
  const first = await page.goto("/formaciones");
  const etag = (await first!.allHeaders())["etag"];
  expect(etag).toMatch(/^W\//);
  // Another visitor (a fresh request) gets the same stored page.
  const again = await fetch(`${baseURL}/formaciones`, { headers: { "accept-encoding": "br" } });
  expect(again.headers.get("etag")).toBe(etag);
  const policy = again.headers.get("content-security-policy")!;
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  const scriptSrc = policy.split(";").find((d) => d.startsWith("script-src"))!;
  expect(scriptSrc).not.toMatch(/unsafe-inline|nonce-/);

  await page.reload(); // the browser revalidates its copy
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  // Interactive after hydration: a filter is a client navigation.
  const nav = page.getByRole("navigation", { name: "Filtrar cursos por nivel" });
  await nav.getByRole("link", { name: "Todos los cursos" }).focus();
  await nav.getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/\/formaciones\?categoria=/);
});

test("after signing up the home page shows her name, not the shared page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
  await page.goto("/registro");
  await page.getByLabel("Nombre", { exact: true }).fill("Rocío");
  await page.getByLabel("Apellidos").fill("Caché Prueba");
  await page.getByLabel("Correo electrónico").fill(`cache-${Date.now()}@example.com`);
  await page.getByLabel("Contraseña", { exact: true }).fill("Uñas-de-prueba-2026");
  await page.getByLabel("Confirmar contraseña").fill("Uñas-de-prueba-2026");
  await createAccountFromOtherNetwork(page);
  await expect(userMenuSummary(page, "Rocío Caché Prueba")).toBeVisible();
  await page.goto("/");
  await expect(userMenuSummary(page, "Rocío Caché Prueba")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar sesión" })).toHaveCount(0);
});
