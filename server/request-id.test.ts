import { describe, expect, it } from "vitest";
import { bearerMatches } from "./metrics.ts";
import { acceptedRequestId } from "./request-id.ts";

describe("acceptedRequestId", () => {
  it("keeps a sane id from a trusted proxy", () => {
    expect(acceptedRequestId("edge-7f3a9c21b4", true)).toBe("edge-7f3a9c21b4");
    expect(acceptedRequestId("0f8fad5b-d9cb-469f-a165-70867728950e", true)).toBe(
      "0f8fad5b-d9cb-469f-a165-70867728950e",
    );
  });

  it("ignores it from anyone else, and anything odd from the proxy", () => {
    expect(acceptedRequestId("edge-7f3a9c21b4", false)).toBeNull();
    for (const odd of [
      "short",
      "<script>alert(1)</script>",
      "a b c d e f g h",
      "x".repeat(129),
      "-starts-with-dash",
      "",
    ]) {
      expect(acceptedRequestId(odd, true), odd).toBeNull();
    }
    expect(acceptedRequestId(["edge-7f3a9c21b4", "edge-2"], true)).toBeNull();
    expect(acceptedRequestId(undefined, true)).toBeNull();
  });
});

describe("bearerMatches", () => {
  const token = "metrics-token-0123456789abcdef";
  it("accepts only the exact bearer token", () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    for (const header of [
      undefined,
      "",
      "Bearer",
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      `Basic ${token}`,
      token,
    ]) {
      expect(bearerMatches(header, token), String(header)).toBe(false);
    }
  });
});
