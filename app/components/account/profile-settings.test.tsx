// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { UserSettings } from "~/auth/user-settings.server.ts";
import type { Locale } from "~/i18n/locales.ts";
import { ProfileSettings } from "./profile-settings.tsx";

afterEach(cleanup);

function renderSettings(settings: UserSettings, newsletterConsentOn: string | null, locale: Locale = "es") {
  const Stub = createRoutesStub([
    {
      path: "/perfil/ajustes",
      Component: () => (
        <ProfileSettings
          settings={settings}
          newsletterConsentOn={newsletterConsentOn}
          hasPassword
          locale={locale}
          action={undefined}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/perfil/ajustes"]} />);
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
});
