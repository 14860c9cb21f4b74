import { describe, expect, it } from "vitest";
import { waitlistStatusLabel } from "./waitlist-table.tsx";

describe("waitlistStatusLabel", () => {
  const now = new Date("2027-01-12T12:00:00Z");
  const createdAt = "2027-01-11T09:00:00Z";
  it("names every status in Spanish", () => {
    expect(waitlistStatusLabel({ status: "waiting", offerExpiresAt: null, createdAt }, now)).toBe("En espera");
    expect(waitlistStatusLabel({ status: "taken", offerExpiresAt: null, createdAt }, now)).toBe("Ha comprado");
    expect(waitlistStatusLabel({ status: "lapsed", offerExpiresAt: null, createdAt }, now)).toBe("Caducada");
    expect(waitlistStatusLabel({ status: "removed", offerExpiresAt: null, createdAt }, now)).toBe("Quitada");
  });

  it("shows until when an offer holds the seat (Madrid time), and an offer past its end as lapsed", () => {
    expect(waitlistStatusLabel({ status: "offered", offerExpiresAt: "2027-01-13T13:05:00Z", createdAt }, now)).toBe(
      "Plaza ofrecida hasta 13 de enero de 2027 a las 14:05",
    );
    expect(waitlistStatusLabel({ status: "offered", offerExpiresAt: "2027-01-12T11:00:00Z", createdAt }, now)).toBe(
      "Caducada",
    );
  });

  it("shows an unconfirmed entry with the moment it is dropped (48 h after joining)", () => {
    expect(waitlistStatusLabel({ status: "pending", offerExpiresAt: null, createdAt }, now)).toBe(
      "Sin confirmar su correo (se borra el 13 de enero de 2027 a las 10:00)",
    );
    expect(
      waitlistStatusLabel({ status: "pending", offerExpiresAt: null, createdAt: "2027-01-10T11:00:00Z" }, now),
    ).toBe("Sin confirmar (caducada)");
  });
});
