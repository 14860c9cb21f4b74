// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PHONE_MAX_LENGTH } from "~/domain/form-text.ts";
import { ClientDetailsFields } from "./client-details-fields.tsx";

afterEach(cleanup);

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

describe("ClientDetailsFields", () => {
  it("asks a client booking for herself for her name, email and mobile, filled in by the browser", () => {
    render(
      <ClientDetailsFields
        bookedBy="client"
        values={{ nombre: "Rosa", email: "rosa@example.com", telefono: "612" }}
        errors={{ phone: "Escribe un móvil válido." }}
      />,
    );
    expect(input("Nombre y apellidos").autocomplete).toBe("name");
    expect(input("Nombre y apellidos").value).toBe("Rosa");
    expect(input("Correo electrónico").required).toBe(true);
    const phone = input("Móvil");
    expect(phone.name).toBe("telefono");
    expect(phone.type).toBe("tel");
    expect(phone.maxLength).toBe(PHONE_MAX_LENGTH);
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(phone.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Escribe un móvil válido.",
    );
  });

  it("asks the staff for someone else's details without autofill, the email optional", () => {
    render(<ClientDetailsFields bookedBy="staff" values={{}} errors={{}} />);
    expect(input("Nombre y apellidos").autocomplete).toBe("off");
    const email = input("Correo electrónico");
    expect(email.required).toBe(false);
    expect(email.getAttribute("aria-describedby")).toBe("f-email-hint");
    const phone = input("Teléfono");
    expect(phone.autocomplete).toBe("off");
    expect(phone.maxLength).toBe(PHONE_MAX_LENGTH);
  });

  it("leaves out what the client's account already gives", () => {
    render(<ClientDetailsFields bookedBy="client" withNameAndEmail={false} values={{}} errors={{}} />);
    expect(screen.queryByLabelText("Nombre y apellidos")).toBeNull();
    expect(screen.queryByLabelText("Correo electrónico")).toBeNull();
    expect(input("Móvil")).toBeTruthy();
  });
});
