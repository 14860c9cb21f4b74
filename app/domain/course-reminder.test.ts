import { describe, expect, it } from "vitest";
import { reminderRunAfter } from "./course-reminder.ts";

describe("course reminder moment", () => {
  const now = new Date("2026-11-23T10:00:00.000Z");

  it("is three days before the start at 09:00 in Madrid", () => {
    expect(reminderRunAfter("2027-01-04", now, "2026-11-23")?.toISOString()).toBe("2027-01-01T08:00:00.000Z");
    expect(reminderRunAfter("2027-06-07", now, "2026-11-23")?.toISOString()).toBe("2027-06-04T07:00:00.000Z");
  });

  it("is now when that moment has passed but the edition has not started", () => {
    expect(reminderRunAfter("2026-11-25", now, "2026-11-23")).toEqual(now);
    expect(reminderRunAfter("2026-11-24", now, "2026-11-23")).toEqual(now);
  });

  it("is null once the edition has started, or without a date", () => {
    expect(reminderRunAfter("2026-11-23", now, "2026-11-23")).toBeNull();
    expect(reminderRunAfter("2026-10-01", now, "2026-11-23")).toBeNull();
    expect(reminderRunAfter(null, now, "2026-11-23")).toBeNull();
    expect(reminderRunAfter("pronto", now, "2026-11-23")).toBeNull();
  });
});
