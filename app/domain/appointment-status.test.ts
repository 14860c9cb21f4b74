import { describe, expect, it } from "vitest";
import { APPOINTMENT_STATUSES, isOpenStatus, takesTime } from "./appointment-status.ts";

const NOW = "2026-11-24T10:00:00.000Z";

describe("appointment statuses", () => {
  it("lets only held and confirmed appointments be cancelled or moved", () => {
    expect(APPOINTMENT_STATUSES.filter(isOpenStatus)).toEqual(["held", "confirmed"]);
  });
  it("counts a held appointment's time only while its hold lasts", () => {
    const taking = APPOINTMENT_STATUSES.filter((status) =>
      takesTime({ status, holdExpiresAt: "2026-11-24T10:20:00.000Z" }, NOW),
    );
    expect(taking).toEqual(["held", "confirmed", "attended", "no_show"]);
    expect(takesTime({ status: "held", holdExpiresAt: NOW }, NOW)).toBe(false);
    expect(takesTime({ status: "cancelled", holdExpiresAt: null }, NOW)).toBe(false);
  });
});
