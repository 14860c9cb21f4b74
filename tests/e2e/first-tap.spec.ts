// Issue 16a: a tap before hydration is not lost. On a phone (4× CPU slowdown, a
// slow link) pages hydrate seconds after they are on screen; each control is
// tapped as soon as it is visible, and the test checks that React had not hydrated
// at that moment. The menus open natively (a popover, a <details>), the cart button
// is a form, and any other button's tap is replayed once the page has hydrated.
// The page's script files are held back until the test has tapped: on this shared
// machine Playwright's own steps are throttled too, and a tap landing after
// hydration would test nothing.
import { devices, expect, test, type Page } from "@playwright/test";
import { createAccountFromOtherNetwork, userMenuSummary, waitForHydration } from "./fixtures.ts";

// The phone, without the browser type (a describe group cannot change it).
const { defaultBrowserType: _browser, ...phone } = devices["Pixel 7"];
test.use(phone);

/**
 * Slows the page like Lighthouse's phone (4× CPU, 150 ms round trips, 1.6 Mbps down),
 * holds its script files back from each `open` until `release`, records for every
 * tap whether the page had hydrated when it began, and collects what the enforced
 * CSP blocked.
 */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  let holding = false;
  const held: (() => void)[] = [];
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    if (holding) await new Promise<void>((go) => held.push(go));
    await route.continue().catch(() => {}); // the page may have navigated away meanwhile
  });
  const csp: string[] = [];
  /** Per tap, in order (across navigations): had the page hydrated when it began? */
  const taps: boolean[] = [];
  /** Every menu opened or closed, with whether the page had hydrated then ("menu-principal open before"). */
  const toggles: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => csp.push(text));
  await page.exposeFunction("__reportTap", (hydrated: boolean) => taps.push(hydrated));
  await page.exposeFunction("__reportToggle", (toggle: string) => toggles.push(toggle));
  await page.addInitScript(() => {
    const w = window as unknown as {
      __reportTap: (h: boolean) => void;
      __reportToggle: (t: string) => void;
      __reportCspViolation: (t: string) => void;
    };
    const when = () => (document.documentElement.dataset.hydrated === "true" ? "after" : "before");
    // First in line (an init script runs before the page's own): the state before anything reacts to the tap.
    addEventListener("touchstart", () => w.__reportTap(when() === "after"), { capture: true });
    // A popover's or a <details>' toggle event does not bubble: caught on its way down.
    document.addEventListener(
      "toggle",
      (e) => {
        const target = e.target as HTMLElement;
        const open = target.matches(":popover-open") || (target as HTMLDetailsElement).open === true;
        w.__reportToggle(`${target.id || target.className} ${open ? "open" : "closed"} ${when()}`);
      },
      { capture: true },
    );
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI}`),
    );
  });
  return {
    csp,
    toggles,
    /** Opens `url` with an empty cache (no script from an earlier page) and returns once the response starts. */
    open: async (url: string) => {
      holding = true;
      await cdp.send("Network.clearBrowserCache");
      await page.goto(url, { waitUntil: "commit" });
    },
    /** Lets the page's scripts arrive: it hydrates now. */
    release: () => {
      holding = false;
      held.splice(0).forEach((go) => go());
    },
    /** Every tap so far began before the page it landed on had hydrated. */
    expectTapsBeforeHydration: (count: number) =>
      expect.poll(() => taps).toEqual(Array.from({ length: count }, () => false)),
  };
}

test.describe("first tap on a throttled phone", () => {
  test("the menu opens at once, before hydration, and React takes it over open", async ({ page }) => {
    const { csp, expectTapsBeforeHydration, open, release, toggles } = await throttle(page);
    await open("/");
    const header = page.getByRole("banner");
    const toggle = header.getByRole("button", { name: "Menú" });
    await toggle.tap();
    // Opened by the browser, with no script of the page's own yet.
    const nav = header.getByRole("navigation", { name: "Menú principal" });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "EQUIPO" })).toBeVisible();
    await expect(header.getByRole("link", { name: /RESERVA TU CITA/ })).toBeVisible();
    await expectTapsBeforeHydration(1);
    await expect.poll(() => toggles).toEqual(["menu-principal open before"]);

    // React takes it over open.
    release();
    await waitForHydration(page);
    await expect(nav).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await toggle.tap();
    await expect(nav).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(csp).toEqual([]);
  });

  test("the user menu opens before hydration", async ({ page }) => {
    const name = { first: "Irene", last: "Toque" };
    await page.goto("/registro");
    await waitForHydration(page);
    await page.getByLabel("Nombre", { exact: true }).fill(name.first);
    await page.getByLabel("Apellidos").fill(name.last);
    await page.getByLabel("Correo electrónico").fill(`irene.toque.${Date.now()}@example.com`);
    await page.getByLabel("Contraseña", { exact: true }).fill("esmalte-rosa-7");
    await page.getByLabel("Confirmar contraseña").fill("esmalte-rosa-7");
    await createAccountFromOtherNetwork(page);
    await expect(userMenuSummary(page, `${name.first} ${name.last}`)).toBeAttached();
    await waitForHydration(page);

    const { csp, expectTapsBeforeHydration, open, release, toggles } = await throttle(page);
    await open("/contacto");
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Menú" }).tap();
    await userMenuSummary(page, `${name.first} ${name.last}`).tap();
    await expect(header.getByRole("link", { name: "Mi perfil" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Mis cursos" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    await expectTapsBeforeHydration(2);
    await expect.poll(() => toggles).toEqual(["menu-principal open before", "user-menu open before"]);
    release();
    await waitForHydration(page);
    await expect(header.getByRole("link", { name: "Mi perfil" })).toBeVisible();
    expect(csp).toEqual([]);
  });

  test("the chat launcher tapped before hydration opens the chat once the page has hydrated", async ({ page }) => {
    const { csp, expectTapsBeforeHydration, open, release } = await throttle(page);
    await open("/");
    const launcher = page.getByRole("button", { name: "Chat con la asistente virtual" });
    await launcher.tap();
    await expectTapsBeforeHydration(1);
    release();
    await expect(page.getByRole("dialog", { name: "Asistente virtual" })).toBeVisible({ timeout: 20_000 });
    await expect(launcher).toHaveAttribute("aria-expanded", "true");
    // Replayed once, not twice (a second click would have closed it again).
    await page.waitForTimeout(500);
    await expect(page.getByRole("dialog", { name: "Asistente virtual" })).toBeVisible();
    expect(csp).toEqual([]);
  });

  test("the gallery's rotation button tapped before hydration acts once the page has hydrated", async ({ page }) => {
    const { csp, expectTapsBeforeHydration, open, release } = await throttle(page);
    await open("/");
    await page.getByRole("button", { name: "Pausar presentación" }).tap();
    await expectTapsBeforeHydration(1);
    release();
    await expect(page.getByRole("button", { name: "Reanudar presentación" })).toBeVisible({ timeout: 20_000 });
    expect(csp).toEqual([]);
  });

  test("a photo tapped before hydration opens once the page has hydrated", async ({ page }) => {
    const { csp, expectTapsBeforeHydration, open, release } = await throttle(page);
    await open("/");
    await page.getByRole("button", { name: /^Ampliar imagen: Ilustración del interior del salón/ }).tap();
    await expectTapsBeforeHydration(1);
    release();
    await expect(page.getByRole("dialog", { name: /^Ilustración del interior del salón/ })).toBeVisible({
      timeout: 20_000,
    });
    expect(csp).toEqual([]);
  });

  test("the cart buttons work before hydration", async ({ page }) => {
    const { csp, expectTapsBeforeHydration, open, release } = await throttle(page);
    await open("/formaciones/formacion-inicio");
    await page
      .getByRole("button", { name: /^AÑADIR AL CARRITO/ })
      .first()
      .tap();
    // A plain form: the browser goes to the cart page, which adds the course once it hydrates.
    await expectTapsBeforeHydration(1);
    await expect(page).toHaveURL(/\/carrito\?add=formacion-inicio/);
    release();
    await expect(page).toHaveURL("/carrito", { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi carrito (1 curso)");

    await open("/contacto");
    await page
      .getByRole("banner")
      .getByRole("link", { name: /^Carrito/ })
      .tap();
    await expectTapsBeforeHydration(2);
    await expect(page).toHaveURL("/carrito");
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi carrito (1 curso)");
    expect(csp).toEqual([]);
  });
});
