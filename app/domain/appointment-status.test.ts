import { describe, expect, it } from "vitest";
import { isOpenStatus } from "./appointment-status.ts";

/** Every status an appointment can have (`appointments.status`, app/db/schema.ts). */
const APPOINTMENT_STATUSES = ["held", "confirmed", "cancelled", "expired", "attended", "no_show"];

describe("appointment statuses", () => {
  it("lets only held and confirmed appointments be cancelled or moved", () => {
    expect(APPOINTMENT_STATUSES.filter(isOpenStatus)).toEqual(["held", "confirmed"]);
  });
});
