// @vitest-environment happy-dom
// Gestión → Equipo: after an invitation is sent the form starts empty again, the
// result names the person, and "Copiar enlace" (drawn only after hydration)
// copies the one-time link and says so in a live region.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import Team from "~/routes/gestion.equipo.tsx";
import { CopyLinkButton } from "./copy-link-button.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LINK = "https://www.alejandranails.es/gestion/activar/abc123";

function renderTeam() {
  const loaderData = { members: [], invitations: [], meId: "me" };
  const Stub = createRoutesStub([
    {
      path: "/gestion/equipo",
      Component: Team as never,
      loader: () => loaderData,
      action: async ({ request }) => {
        const form = await request.formData();
        return {
          status: "invited",
          email: String(form.get("email")),
          link: LINK,
          expiresAt: "2026-12-01T10:00:00.000Z",
        };
      },
      HydrateFallback: () => null,
    },
  ]);
  return render(<Stub initialEntries={["/gestion/equipo"]} />);
}

describe("team invitations", () => {
  it("clears the form after sending, names the person and offers to copy the link", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderTeam();
    const emailInput = (await screen.findByLabelText("Correo electrónico")) as HTMLInputElement;
    fireEvent.change(emailInput, { target: { value: "lucia@example.com" } });
    fireEvent.click(screen.getByRole("radio", { name: /^Propietaria/ }));
    fireEvent.click(screen.getByRole("button", { name: "Crear invitación" }));
    const result = await screen.findByRole("heading", { name: "Invitación creada para lucia@example.com" });
    const box = result.closest("div")!;
    expect(box.textContent).toContain("por correo a lucia@example.com");
    expect(within(box).getByText(LINK)).toBeTruthy();
    // The form is a new one: empty address, the default role.
    const fresh = screen.getByLabelText("Correo electrónico") as HTMLInputElement;
    expect(fresh.value).toBe("");
    expect((screen.getByRole("radio", { name: /^Equipo/ }) as HTMLInputElement).checked).toBe(true);

    // Drawn once hydrated (an effect), so waited for.
    const copy = await within(box).findByRole("button", { name: "Copiar enlace" });
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith(LINK);
    const live = within(box)
      .getAllByRole("status")
      .find((el) => el.classList.contains("visually-hidden"))!;
    expect(live.textContent).toBe("Enlace copiado");
  });

  it("draws no copy button before hydration, only the empty live region", () => {
    const html = renderToString(<CopyLinkButton link={LINK} />);
    expect(html).not.toContain("<button");
    expect(html).toContain('role="status"');
    expect(html).not.toContain(LINK);
  });

  it("says when the browser refuses to copy", async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText: () => Promise.reject(new Error("no")) } });
    render(<CopyLinkButton link={LINK} />);
    const copy = await screen.findByRole("button", { name: "Copiar enlace" });
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(screen.getByRole("status").textContent).toMatch(/^No se ha podido copiar/);
  });
});
