import { describe, expect, it } from "vitest";
import { mailboxOf, phoneKey } from "./client-cap.server.ts";

describe("who a client is, for the cap on upcoming appointments", () => {
  it("counts one mailbox whatever its case or +tag", () => {
    for (const email of [
      "ana.ruiz@example.com",
      " Ana.Ruiz@Example.COM ",
      "ana.ruiz+citas@example.com",
      "ANA.RUIZ+2@EXAMPLE.COM",
    ]) {
      expect(mailboxOf(email), email).toBe("ana.ruiz@example.com");
    }
    expect(mailboxOf("+solo@example.com")).toBe("+solo@example.com");
    expect(mailboxOf("otra@example.com")).not.toBe(mailboxOf("ana.ruiz@example.com"));
  });

  it("counts one Spanish phone with or without +34 / 0034, and keeps other countries' prefixes", () => {
    for (const phone of [
      "+34612345678",
      "612345678",
      "0034 612 34 56 78",
      "34612345678",
      "+34 612-34-56-78",
      "(612) 345 678",
    ]) {
      expect(phoneKey(phone), phone).toBe("612345678");
    }
    expect(phoneKey("+44 20 7946 0958")).toBe("442079460958");
    expect(phoneKey("0044 20 7946 0958")).toBe("442079460958");
    expect(phoneKey("")).toBe("");
  });
});
