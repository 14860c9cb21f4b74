// "Avísame si queda una plaza" on a full edition of the course page, with and
// without JavaScript (axe runs on every page the fixture visits).
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { seededEditions } from "./seeded.ts";

const COURSE = "tecnico-manicurista";

/** Fills the course's last seeded edition in the e2e server's database. */
function fillLastEdition(): string {
  const edition = seededEditions(COURSE).at(-1)!;
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR ?? "", "salon.db"));
  try {
    db.prepare("update course_editions set seats_taken = seats where id = ?").run(edition.id);
  } finally {
    db.close();
  }
  return edition.id;
}

test.beforeAll(() => {
  fillLastEdition();
});

test("a full edition offers the waiting list: consent required, then a Spanish confirmation", async ({ page }) => {
  await page.goto(`/formaciones/${COURSE}`);
  const form = page.getByRole("form", { name: /^Avísame si queda una plaza/ });
  await expect(form).toHaveCount(1);
  await form.getByLabel("Correo electrónico").fill("espera-e2e@example.com");
  await form.getByRole("button", { name: "Avísame si queda una plaza" }).click();
  const consent = form.getByRole("checkbox", { name: /solo para avisarme si queda una plaza/ });
  await expect(consent).toHaveAccessibleDescription("Marca la casilla para que podamos avisarte por correo.");
  await consent.check();
  await form.getByRole("button", { name: "Avísame si queda una plaza" }).click();
  await expect(form.getByRole("status")).toContainText("Te avisaremos por correo si queda una plaza");
  // The add-to-cart form of the bookable editions still works.
  await expect(page.getByRole("button", { name: /^Reservar en la fecha elegida/ })).toBeVisible();
});

test("without JavaScript the waiting-list form posts and answers on the page", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(`/formaciones/${COURSE}`);
  const form = page.getByRole("form", { name: /^Avísame si queda una plaza/ });
  await form.getByLabel("Correo electrónico").fill("espera-sin-js@example.com");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Avísame si queda una plaza" }).click();
  await expect(page.getByRole("form", { name: /^Avísame si queda una plaza/ }).getByRole("status")).toContainText(
    "Te avisaremos por correo si queda una plaza",
  );
  await context.close();
});
