import { describe, expect, it } from "vitest";
import { waitlistStatusLabel } from "./waitlist-table.tsx";

describe("waitlistStatusLabel", () => {
  const now = new Date("2027-01-12T12:00:00Z");
  it("names every status in Spanish", () => {
    expect(waitlistStatusLabel({ status: "waiting", offerExpiresAt: null }, now)).toBe("En espera");
    expect(waitlistStatusLabel({ status: "taken", offerExpiresAt: null }, now)).toBe("Ha comprado");
    expect(waitlistStatusLabel({ status: "lapsed", offerExpiresAt: null }, now)).toBe("Caducada");
    expect(waitlistStatusLabel({ status: "removed", offerExpiresAt: null }, now)).toBe("Quitada");
  });

  it("shows until when an offer holds the seat (Madrid time), and an offer past its end as lapsed", () => {
    expect(waitlistStatusLabel({ status: "offered", offerExpiresAt: "2027-01-13T13:05:00Z" }, now)).toBe(
      "Plaza ofrecida hasta 13 de enero de 2027 a las 14:05",
    );
    expect(waitlistStatusLabel({ status: "offered", offerExpiresAt: "2027-01-12T11:00:00Z" }, now)).toBe("Caducada");
  });
});
