import type { Page } from "@playwright/test";
import { site } from "../../app/content/site.ts";

/** The timetable's first line as the assistant writes it in Spanish (app/content/hours.ts). */
const firstHoursLine = `Lunes a viernes: ${site.hours[0].opens} - ${site.hours[0].closes}`;
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

const toggle = (page: Page) => page.getByRole("button", { name: "Chat con la asistente virtual" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Asistente virtual" });
const input = (page: Page) => dialog(page).getByRole("textbox", { name: "Escribe tu pregunta" });
const quick = (page: Page) => dialog(page).getByRole("group", { name: "Preguntas rápidas" });
const log = (page: Page) => dialog(page).getByRole("log", { name: "Conversación" });

test.describe("asistente virtual", () => {
  test("se abre y se cierra con el teclado, y el foco va y vuelve", async ({ page }) => {
    await page.goto("/");
    await toggle(page).focus();
    await page.keyboard.press("Enter");
    await expect(dialog(page)).toBeVisible();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(input(page)).toBeFocused();
    await expect(log(page)).toHaveAttribute("aria-live", "polite");
    await expectNoAxeViolations(page, "/ con el chat abierto");

    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);
    await expect(toggle(page)).toBeFocused();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("Space");
    await expect(input(page)).toBeFocused();
    await dialog(page).getByRole("button", { name: "Cerrar el chat" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog(page)).toHaveCount(0);
    await expect(toggle(page)).toBeFocused();
  });

  test("se abre y se cierra con el ratón sin tapar el botón de WhatsApp", async ({ page }) => {
    await page.goto("/formaciones");
    await toggle(page).click();
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole("button", { name: "Cerrar el chat" }).click();
    await expect(dialog(page)).toHaveCount(0);
    await toggle(page).click();
    await expect(dialog(page)).toBeVisible();
    await toggle(page).click();
    await expect(dialog(page)).toHaveCount(0);

    const whatsapp = page.locator(".whatsapp-float").getByRole("link", { name: /WhatsApp/ });
    await expect(whatsapp).toBeVisible();
    const [a, b] = [await whatsapp.boundingBox(), await toggle(page).boundingBox()];
    expect(a && b).toBeTruthy();
    const overlap =
      a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlap).toBe(false);
  });

  test("una pregunta rápida responde y las preguntas rápidas desaparecen", async ({ page }) => {
    await page.goto("/contacto");
    await toggle(page).click();
    for (const q of ["Reservar cita", "Servicios y precios", "Próximos cursos", "Horario", "¿Dónde estáis?"]) {
      await expect(quick(page).getByRole("button", { name: q })).toBeVisible();
    }
    await quick(page).getByRole("button", { name: "Horario" }).click();
    await expect(log(page).getByRole("listitem").filter({ hasText: "Tú: Horario" })).toBeVisible();
    await expect(log(page)).toContainText(firstHoursLine);
    await expect(quick(page)).toHaveCount(0);
    await expect(input(page)).toBeFocused();
    await expectNoAxeViolations(page, "/contacto con una respuesta del chat");
  });

  test("muestra que está escribiendo mientras espera y no envía texto vacío", async ({ page }) => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/chatbot/chat", async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/");
    await toggle(page).click();

    await input(page).fill("    ");
    await expect(dialog(page).getByRole("button", { name: "Enviar" })).toBeDisabled();
    await input(page).press("Enter");
    await expect(log(page).getByRole("listitem")).toHaveCount(1);

    await input(page).fill("¿cuánto cuesta el expert nails?");
    await input(page).press("Enter");
    const typing = dialog(page).getByRole("status").filter({ hasText: "está escribiendo" });
    await expect(typing).toBeAttached();
    await expect(dialog(page).locator(".chat-typing__dots")).toBeVisible();
    release();
    await expect(log(page)).toContainText(/Expert Nails cuesta 999,00\s€/);
    await expect(typing).toHaveCount(0);
  });

  test("si la petición falla se disculpa y da el teléfono e Instagram", async ({ page }) => {
    await page.route("**/chatbot/chat", (route) => route.fulfill({ status: 500, body: "boom" }));
    await page.goto("/");
    await toggle(page).click();
    await quick(page).getByRole("button", { name: "¿Dónde estáis?" }).click();
    const last = log(page).getByRole("listitem").last();
    await expect(last).toContainText("problemas técnicos");
    await expect(last).toContainText(site.phone.display);
    await expect(last).toContainText(site.social.instagram.handle);
  });

  test("la conversación se conserva durante la sesión del navegador", async ({ page }) => {
    await page.goto("/");
    await toggle(page).click();
    await quick(page).getByRole("button", { name: "¿Dónde estáis?" }).click();
    await expect(log(page)).toContainText(site.address.full);

    await page.goto("/equipo");
    await toggle(page).click();
    await expect(log(page)).toContainText(site.address.full);
    await expect(log(page).getByRole("listitem")).toHaveCount(3);
    await expect(quick(page)).toHaveCount(0);
  });

  test("lee una pregunta corta en el contexto de la anterior, también tras recargar", async ({ page }) => {
    await page.goto("/contacto");
    await toggle(page).click();
    await quick(page).getByRole("button", { name: "Horario" }).click();
    await expect(log(page)).toContainText(firstHoursLine);
    // The page reloads: the topic of the last reply is kept with the conversation.
    await page.reload();
    await toggle(page).click();
    await input(page).fill("¿y los sábados?");
    await input(page).press("Enter");
    await expect(log(page).getByRole("listitem").last()).toContainText("Sí, los sábados abrimos de");
  });
});
