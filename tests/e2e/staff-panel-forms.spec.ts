// The staff screens of the designer's walk (item 16): checkboxes and radios at
// their normal size in the brand colour with the label beside them; the
// panel's "Hoy" with its figures and the reminder of services to review; the
// chart's axis labels apart at every width; a seeded service reviewed in one
// step; the week's day headings in Spanish sentence case.
import type { Page } from "@playwright/test";
import { ownerSession } from "../../scripts/lib/page-sessions.ts";
import { expect, test } from "./fixtures.ts";

const run = Date.now().toString(36);
/** --plum, the brand colour (app/styles/app.css). */
const PLUM = "rgb(91, 31, 62)";

async function signIn(page: Page, baseURL: string, token: string) {
  await page
    .context()
    .addCookies([{ name: "an_session", value: token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** Every box of the shared checkbox fields: its size, colour and where its label sits. */
async function boxes(page: Page) {
  return page.locator(".field--checkbox").evaluateAll((rows) =>
    rows.map((row) => {
      const input = row.querySelector("input")!;
      const label = row.querySelector("label")!;
      const box = input.getBoundingClientRect();
      const text = label.getBoundingClientRect();
      const frame = row.getBoundingClientRect();
      return {
        name: label.textContent,
        width: box.width,
        height: box.height,
        accent: getComputedStyle(input).accentColor,
        labelBeside: text.left >= box.right && text.top < box.bottom && text.bottom > box.top,
        leftAligned: box.left - frame.left < 2,
      };
    }),
  );
}

test.describe("pantallas de gestión del paseo de diseño", () => {
  let owner = { token: "", edition: "" };
  test.beforeAll(async ({ baseURL }) => {
    owner = await ownerSession(baseURL!, process.env.E2E_DATA_DIR ?? "", `paseo-${run}@example.com`);
  });

  for (const url of ["/gestion/cursos/nuevo", "/gestion/servicios/semipermanente"]) {
    test(`casillas y opciones de tamaño normal, color de marca y texto al lado: ${url}`, async ({ page, baseURL }) => {
      await signIn(page, baseURL!, owner.token);
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(url);
        const found = await boxes(page);
        expect(found.length).toBeGreaterThan(1);
        for (const b of found) {
          expect(b.width, `${width} px: ${b.name}`).toBeLessThanOrEqual(24);
          expect(b.height, `${width} px: ${b.name}`).toBeLessThanOrEqual(24);
          expect(b, `${width} px`).toMatchObject({ accent: PLUM, labelBeside: true, leftAligned: true });
        }
      }
    });
  }

  test("el panel enseña hoy, qué incluye cada cifra y los servicios sin revisar; el gráfico no solapa años", async ({
    page,
    baseURL,
  }) => {
    await signIn(page, baseURL!, owner.token);
    await page.goto("/gestion");
    await expect(page.getByRole("heading", { level: 2, name: /^Hoy: \p{Ll}+, \d+ de \p{Ll}+$/u })).toBeVisible();
    await expect(page.getByText("Cobros online", { exact: true })).toBeVisible();
    await expect(page.getByText(/Lo cobrado en el salón aún no se registra aquí/).first()).toBeVisible();
    const reminder = page.getByRole("link", { name: /^\d+ servicios? sin revisar$/ });
    await expect(reminder).toHaveAttribute("href", "/gestion/servicios");
    for (const width of [360, 390, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      // Labels under the bars (each row of text apart): no two boxes of the same row overlap.
      const overlaps = await page.locator("figure:has(#ingresos-mes-caption) svg").evaluate((svg) => {
        const base = [...svg.querySelectorAll("text")].filter((t) => t.getAttribute("text-anchor") === "middle");
        const rows = new Map<string, DOMRect[]>();
        for (const t of base)
          rows.set(t.getAttribute("y")!, [...(rows.get(t.getAttribute("y")!) ?? []), t.getBoundingClientRect()]);
        const bad: string[] = [];
        for (const boxes of rows.values()) {
          boxes.sort((a, b) => a.left - b.left);
          for (let i = 1; i < boxes.length; i++)
            if (boxes[i].left < boxes[i - 1].right) bad.push(`${boxes[i - 1].right} > ${boxes[i].left}`);
        }
        return bad;
      });
      expect(overlaps, `${width} px`).toEqual([]);
    }
  });

  test("un servicio de la semilla se marca como revisado en un paso", async ({ page, baseURL }) => {
    await signIn(page, baseURL!, owner.token);
    await page.goto("/gestion/servicios");
    const button = page.getByRole("button", { name: /^Marcar como revisado: .+$/ }).first();
    const name = (await button.getAttribute("aria-label"))!.replace(/^Marcar como revisado: /, "");
    const row = page.getByRole("row", { name }).first();
    await expect(row.getByText("Sin revisar")).toBeVisible();
    await button.click();
    await expect(page.getByRole("status").filter({ hasText: "Servicio marcado como revisado." })).toBeVisible();
    await expect(page.getByRole("row", { name }).first().getByText("Sin revisar")).toHaveCount(0);
  });

  test("los días de la semana de la agenda van en minúscula salvo la primera letra", async ({ page, baseURL }) => {
    await signIn(page, baseURL!, owner.token);
    await page.goto("/gestion/agenda?vista=semana");
    const headings = await page.locator(".diary-week__day h2").allInnerTexts();
    expect(headings).toHaveLength(7);
    for (const h of headings)
      expect(h).toMatch(/^(Lunes|Martes|Miércoles|Jueves|Viernes|Sábado|Domingo), \d+ de [a-z]+$/);
  });
});
