import { describe, expect, it } from "vitest";
import { checkUnsubscribeToken, COURSE_REMINDERS_TOPIC, makeUnsubscribeToken } from "./unsubscribe-token.ts";

const USER = "0f8c2b7e-4a1d-4c3b-9e2f-5d6a7b8c9d0e";
const token = makeUnsubscribeToken("secreto-actual", COURSE_REMINDERS_TOPIC, USER);

/** The token with one character of its MAC part changed. */
function tampered(t: string, at: number): string {
  const c = t[at] === "A" ? "B" : "A";
  return t.slice(0, at) + c + t.slice(at + 1);
}

describe("unsubscribe token", () => {
  it("gives back the user id of a token it signed, and the token is one URL-safe path segment", () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toContain(USER);
    expect(checkUnsubscribeToken(["secreto-actual"], COURSE_REMINDERS_TOPIC, token)).toBe(USER);
    // The same account and topic: the same token (the links already sent stay valid).
    expect(makeUnsubscribeToken("secreto-actual", COURSE_REMINDERS_TOPIC, USER)).toBe(token);
  });

  it("refuses a tampered token: its MAC or its user id changed", () => {
    expect(checkUnsubscribeToken(["secreto-actual"], COURSE_REMINDERS_TOPIC, tampered(token, token.length - 5))).toBe(
      null,
    );
    expect(checkUnsubscribeToken(["secreto-actual"], COURSE_REMINDERS_TOPIC, tampered(token, 2))).toBe(null);
    // Another user's id with this MAC.
    const other = makeUnsubscribeToken(
      "secreto-actual",
      COURSE_REMINDERS_TOPIC,
      "otra-cuenta-0000000000000000000000000",
    );
    const forged = Buffer.concat([
      Buffer.from("otra-cuenta-0000000000000000000000000"),
      Buffer.from(token, "base64url").subarray(-32),
    ]).toString("base64url");
    expect(checkUnsubscribeToken(["secreto-actual"], COURSE_REMINDERS_TOPIC, forged)).toBe(null);
    expect(checkUnsubscribeToken(["secreto-actual"], COURSE_REMINDERS_TOPIC, other)).toBe(
      "otra-cuenta-0000000000000000000000000",
    );
  });

  it("refuses a token signed with a secret it does not hold", () => {
    const foreign = makeUnsubscribeToken("otro-secreto", COURSE_REMINDERS_TOPIC, USER);
    expect(checkUnsubscribeToken(["secreto-actual"], COURSE_REMINDERS_TOPIC, foreign)).toBe(null);
    expect(checkUnsubscribeToken([], COURSE_REMINDERS_TOPIC, token)).toBe(null);
  });

  it("accepts a token signed with an older secret while it is still listed (rotation)", () => {
    expect(checkUnsubscribeToken(["secreto-nuevo", "secreto-actual"], COURSE_REMINDERS_TOPIC, token)).toBe(USER);
    expect(checkUnsubscribeToken(["secreto-nuevo"], COURSE_REMINDERS_TOPIC, token)).toBe(null);
  });

  it("refuses a token made for another topic", () => {
    expect(checkUnsubscribeToken(["secreto-actual"], "newsletter", token)).toBe(null);
    const newsletter = makeUnsubscribeToken("secreto-actual", "newsletter", USER);
    expect(checkUnsubscribeToken(["secreto-actual"], COURSE_REMINDERS_TOPIC, newsletter)).toBe(null);
  });

  it("answers null to anything malformed", () => {
    const secrets = ["secreto-actual"];
    for (const garbage of [
      "",
      "x",
      "no es un token",
      `${token}=`,
      `${token}.data`,
      token.slice(0, -1),
      token.slice(0, 40),
      Buffer.alloc(32).toString("base64url"),
      Buffer.from([0xff, 0xfe, ...Buffer.from(token, "base64url").subarray(-32)]).toString("base64url"),
      "A".repeat(5000),
      USER,
    ]) {
      expect(checkUnsubscribeToken(secrets, COURSE_REMINDERS_TOPIC, garbage), garbage.slice(0, 60)).toBe(null);
    }
  });
});
