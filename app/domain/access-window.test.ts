import { describe, expect, it } from "vitest";
import { accessUntil, hasAccess } from "./access-window.ts";

describe("accessUntil", () => {
  it("runs 720 hours from the end of the edition's last day", () => {
    expect(accessUntil("2026-11-23T10:00:00.000Z", { startsOn: "2027-02-09", endsOn: "2027-02-11" })).toBe(
      "2027-03-13T23:59:59.000Z",
    );
  });

  it("uses the start day when the edition has no end", () => {
    expect(accessUntil("2026-11-23T10:00:00.000Z", { startsOn: "2027-02-09", endsOn: null })).toBe(
      "2027-03-11T23:59:59.000Z",
    );
  });

  it("runs from the purchase without an edition, or when the edition is already over", () => {
    expect(accessUntil("2026-11-23T10:00:00.000Z", null)).toBe("2026-12-23T10:00:00.000Z");
    expect(accessUntil("2026-11-23T10:00:00.000Z", { startsOn: "2026-01-01", endsOn: null })).toBe(
      "2026-12-23T10:00:00.000Z",
    );
  });
});

describe("hasAccess", () => {
  it("compares with now", () => {
    const now = new Date("2027-01-01T00:00:00Z");
    expect(hasAccess("2027-01-02T00:00:00Z", now)).toBe(true);
    expect(hasAccess("2026-12-31T00:00:00Z", now)).toBe(false);
  });
});
