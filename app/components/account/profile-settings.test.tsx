// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { UserSettings } from "~/auth/user-settings.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import { renderWithMessages } from "../../../tests/helpers/with-messages.tsx";
import { ProfileSettings } from "./profile-settings.tsx";

afterEach(cleanup);

function renderSettings(
  settings: UserSettings,
  newsletterConsentOn: string | null,
  locale: Locale = "es",
  path = "/perfil/ajustes",
) {
  renderWithMessages(
    <ProfileSettings
      settings={settings}
      newsletterConsentOn={newsletterConsentOn}
      hasPassword
      locale={locale}
      action={undefined}
    />,
    { path, namespaces: ["common", "account"] },
  );
}

describe("ProfileSettings preferences", () => {
  it("offers the two preferences that act, with their state", () => {
    renderSettings({ courseEmails: true, newsletter: false }, null);
    expect(screen.getByRole("checkbox", { name: "Recordatorios de mis cursos" })).toHaveProperty("checked", true);
    expect(screen.getByRole("checkbox", { name: "Novedades y promociones" })).toHaveProperty("checked", false);
    expect(screen.queryByText(/Aceptado el/)).toBeNull();
  });

  it("shows the day marketing consent was given under its toggle, tied to it", () => {
    renderSettings({ courseEmails: false, newsletter: true }, "2026-11-03");
    const consent = screen.getByText("Aceptado el 3 de noviembre de 2026");
    const toggle = screen.getByRole("checkbox", { name: "Novedades y promociones" });
    expect(toggle.getAttribute("aria-describedby")?.split(" ")).toContain(consent.id);
  });

  it("offers the language of emails and documents as a named radio group, each language in itself", () => {
    renderSettings({ courseEmails: true, newsletter: false }, null, "ca");
    const group = screen.getByRole("group", { name: "Idioma de los correos y documentos" });
    const catalan = within(group).getByRole("radio", { name: "Català" });
    const spanish = within(group).getByRole("radio", { name: "Castellano" });
    expect(catalan).toHaveProperty("checked", true);
    expect(spanish).toHaveProperty("checked", false);
    expect(catalan.getAttribute("name")).toBe("locale");
    expect(catalan.getAttribute("value")).toBe("ca");
    expect(screen.getByText("Català").getAttribute("lang")).toBe("ca");
  });

  it("speaks Catalan on the Catalan page, its forms posting to the Catalan address", () => {
    renderSettings({ courseEmails: false, newsletter: true }, "2026-11-03", "ca", "/ca/perfil/configuracio");
    expect(screen.getByRole("checkbox", { name: "Recordatoris dels meus cursos" })).toHaveProperty("checked", false);
    expect(screen.getByText("Acceptat el 3 de novembre de 2026")).toBeTruthy();
    expect(screen.getByRole("group", { name: "Idioma dels correus i documents" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Desa les preferències" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Elimina el compte" })).toBeTruthy();
    const forms = [...document.querySelectorAll("form")].map((f) => f.getAttribute("action"));
    expect(forms).toEqual(["/ca/perfil/configuracio", "/ca/perfil/configuracio", "/ca/perfil/configuracio"]);
    expect(document.body.textContent).not.toMatch(/Guardar|contraseña|Preferencias/u);
  });
});
