import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";
import type { Locale } from "../../app/i18n/locales.ts";
import { localHref } from "../../app/i18n/paths.ts";

/** Runs axe (WCAG 2.0–2.2 A/AA) on the page as it is now and fails on any violation. */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * Presses "Crear cuenta" ("Crea el compte" on /ca/registre) as a visitor
 * from another network (X-Forwarded-For, which the server trusts from
 * loopback), then goes back to loopback. The whole
 * suite runs from 127.0.0.1, and the site allows 20 sign-ups an hour per
 * network: specs that only need an account, not the limit, sign up from
 * 198.51.100.0/24 (TEST-NET-2) so the suite stays under it as it grows.
 */
export async function createAccountFromOtherNetwork(page: Page, locale: Locale = "es"): Promise<void> {
  const context = page.context();
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${1 + Math.floor(Math.random() * 250)}` });
  try {
    await page.getByRole("button", { name: locale === "ca" ? "Crea el compte" : "Crear cuenta" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith(localHref(locale, "/registro")));
  } finally {
    await context.setExtraHTTPHeaders({});
  }
}

/**
 * The signed-in user's menu in the header: a native disclosure whose summary is
 * named by the user's full name (a summary has no button role for Playwright).
 */
export function userMenuSummary(page: Page, name: string) {
  return page.getByRole("banner").locator("summary", { hasText: name });
}

/** Waits until React has hydrated (root effect sets data-hydrated). */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
}

/**
 * `page` whose every `goto` waits for hydration and runs axe, and which runs axe
 * once more on wherever the test ends up: every page a test visits is checked.
 */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    // The enforced CSP must never fire: every blocked script, style, frame or eval
    // raises `securitypolicyviolation` in the page, which reports it back here.
    const cspViolations: string[] = [];
    await page.exposeFunction("__reportCspViolation", (text: string) => cspViolations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        const report = (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation;
        report(`${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
      });
    });
    const originalGoto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await originalGoto(url, options);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      return response;
    };
    await use(page);
    if (!page.isClosed() && page.url().startsWith("http")) {
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    }
    expect(cspViolations, "CSP violations reported by the browser").toEqual([]);
  },
});

/** The checkout's "Datos de facturación" (required above 400 €): a valid NIE and a Spanish address. */
export async function fillBilling(page: Page, name = "Nerea Compradora") {
  await page.getByLabel("Nombre y apellidos o razón social").fill(name);
  await page.getByLabel("NIF, NIE o CIF").fill("X1234567L");
  await page.getByLabel("Dirección (calle y número)").fill("Carrer de l'Església 3");
  await page.getByLabel("Código postal").fill("08750");
  await page.getByLabel("Población").fill("Molins de Rei");
}

/**
 * Signs out from the staff area's header and waits for the home page it lands on:
 * a navigation started right after the click would cancel the sign-out's POST.
 */
export async function signOutOfStaffArea(page: Page) {
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
}

/** Waits two animation frames: what the page did in the last one has been laid out and reported. */
export async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

export interface LayoutShift {
  value: number;
  /** The shifted nodes, as tag.class (or the node's name for text). */
  sources: string[];
}

/**
 * Records the page's layout shifts not caused by input, from the first paint on
 * (call before `goto`). `take()` returns those since the last take and forgets them.
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map((s) =>
          s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName),
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return {
    take: (): Promise<LayoutShift[]> =>
      page.evaluate(() => (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts.splice(0)),
  };
}

export { expect };
