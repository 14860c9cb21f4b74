// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { UserSettings } from "~/auth/user-settings.server.ts";
import { ProfileSettings } from "./profile-settings.tsx";

afterEach(cleanup);

function renderSettings(settings: UserSettings, newsletterConsentOn: string | null) {
  const Stub = createRoutesStub([
    {
      path: "/perfil/ajustes",
      Component: () => (
        <ProfileSettings settings={settings} newsletterConsentOn={newsletterConsentOn} hasPassword action={undefined} />
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
});
