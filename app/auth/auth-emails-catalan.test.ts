/** The verification and password-reset emails of an account made in Catalan (users.locale, issue 34). */
import { describe, expect, it } from "vitest";
import { verificationEmail, verificationLink } from "./email-verification.server.ts";
import { resetEmail, resetLink } from "./password-reset.server.ts";

const url = "https://www.alejandranails.es";

describe("account emails in Catalan", () => {
  it("links to the Catalan pages for a Catalan account and the Spanish ones otherwise", () => {
    expect(verificationLink(url, "tok_1", "ca")).toBe(`${url}/ca/verificar-correu?token=tok_1`);
    expect(resetLink(url, "tok_1", "ca")).toBe(`${url}/ca/restablir-contrasenya?token=tok_1`);
    expect(verificationLink(url, "tok_1")).toBe(`${url}/verificar-email?token=tok_1`);
    expect(resetLink(url, "tok_1")).toBe(`${url}/restablecer-contrasena?token=tok_1`);
  });

  it("writes the verification email in Catalan", () => {
    const link = verificationLink(url, "tok_1", "ca");
    const mail = verificationEmail("nuria@example.com", "Núria", link, "ca");
    expect(mail.subject).toBe("Confirma el teu correu · Alejandra Nails");
    expect(mail.html).toContain('<html lang="ca">');
    expect(mail.html).toContain("L’enllaç caduca d’aquí a <strong>48 hores</strong> i només serveix una vegada.");
    expect(mail.html).toContain("Confirma el meu correu");
    expect(mail.text).toContain("Hola, Núria:");
    expect(mail.text).toContain("Gràcies per crear el teu compte a Alejandra Nails.");
    expect(mail.text).toContain(link);
    expect(mail.text).not.toMatch(/Gracias|enlace|Lunes/);
  });

  it("writes the reset email in Catalan", () => {
    const link = resetLink(url, "tok_2", "ca");
    const mail = resetEmail("nuria@example.com", "", link, "ca");
    expect(mail.subject).toBe("Restableix la contrasenya · Alejandra Nails");
    expect(mail.html).toContain("L’enllaç caduca d’aquí a <strong>1 hora</strong> i només serveix una vegada.");
    expect(mail.html).toContain("Tria una contrasenya nova");
    expect(mail.text).toContain("Hola:");
    expect(mail.text).toContain("Si no has estat tu, ignora aquest correu: la teva contrasenya no canviarà.");
    expect(mail.text).toContain(link);
  });

  it("keeps the Spanish emails as they were", () => {
    const mail = resetEmail("lucia@example.com", "Lucía", resetLink(url, "tok_3"));
    expect(mail.subject).toBe("Restablece tu contraseña · Alejandra Nails");
    expect(mail.html).toContain("El enlace caduca en <strong>1 hora</strong> y solo sirve una vez.");
    expect(mail.text).toContain("Hola, Lucía:");
  });
});
