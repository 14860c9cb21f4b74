import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  groupSecret,
  hotp,
  matchTotp,
  otpauthUri,
  timeStep,
  type TotpAlgorithm,
} from "./totp.ts";

const ascii = (s: string) => new TextEncoder().encode(s);

// RFC 6238 Appendix B: the seeds are ASCII digits repeated to the hash's size.
const seeds: Record<TotpAlgorithm, Uint8Array> = {
  sha1: ascii("12345678901234567890"),
  sha256: ascii("12345678901234567890123456789012"),
  sha512: ascii("1234567890123456789012345678901234567890123456789012345678901234"),
};

const vectors: [number, string, TotpAlgorithm][] = [
  [59, "94287082", "sha1"],
  [59, "46119246", "sha256"],
  [59, "90693936", "sha512"],
  [1111111109, "07081804", "sha1"],
  [1111111109, "68084774", "sha256"],
  [1111111109, "25091201", "sha512"],
  [1111111111, "14050471", "sha1"],
  [1111111111, "67062674", "sha256"],
  [1111111111, "99943326", "sha512"],
  [1234567890, "89005924", "sha1"],
  [1234567890, "91819424", "sha256"],
  [1234567890, "93441116", "sha512"],
  [2000000000, "69279037", "sha1"],
  [2000000000, "90698825", "sha256"],
  [2000000000, "38618901", "sha512"],
  [20000000000, "65353130", "sha1"],
  [20000000000, "77737706", "sha256"],
  [20000000000, "47863826", "sha512"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(vectors)("at %i s gives %s with %s (Appendix B)", (seconds, code, algorithm) => {
    expect(hotp(seeds[algorithm], timeStep(seconds * 1000), 8, algorithm)).toBe(code);
  });

  it("matches RFC 4226's HOTP values and pads six-digit codes", () => {
    const expected = [
      "755224",
      "287082",
      "359152",
      "969429",
      "338314",
      "254676",
      "287922",
      "162583",
      "399871",
      "520489",
    ];
    expect(expected.map((_, i) => hotp(seeds.sha1, i))).toEqual(expected);
    expect(hotp(seeds.sha1, timeStep(59_000))).toBe("287082");
  });

  it("accepts one step of drift either side, never an old or already used step", () => {
    const now = 1_234_567_890_000;
    const step = timeStep(now);
    const at = (s: number) => hotp(seeds.sha1, s);
    expect(matchTotp(seeds.sha1, at(step), now)).toBe(step);
    expect(matchTotp(seeds.sha1, at(step - 1), now)).toBe(step - 1);
    expect(matchTotp(seeds.sha1, at(step + 1), now)).toBe(step + 1);
    expect(matchTotp(seeds.sha1, at(step - 2), now)).toBeNull();
    expect(matchTotp(seeds.sha1, at(step + 2), now)).toBeNull();
    // Replays: the step already accepted, or anything before it.
    expect(matchTotp(seeds.sha1, at(step), now, { afterStep: step })).toBeNull();
    expect(matchTotp(seeds.sha1, at(step - 1), now, { afterStep: step - 1 })).toBeNull();
    expect(matchTotp(seeds.sha1, at(step + 1), now, { afterStep: step })).toBe(step + 1);
  });

  it("refuses anything that is not exactly six digits", () => {
    for (const code of ["", "12345", "1234567", "12 345", "abcdef", "１２３４５６"]) {
      expect(matchTotp(seeds.sha1, code, Date.now())).toBeNull();
    }
  });
});

describe("base32 (RFC 4648)", () => {
  const cases: [string, string][] = [
    ["", ""],
    ["f", "MY"],
    ["fo", "MZXQ"],
    ["foo", "MZXW6"],
    ["foob", "MZXW6YQ"],
    ["fooba", "MZXW6YTB"],
    ["foobar", "MZXW6YTBOI"],
  ];
  it.each(cases)("encodes %j as %s and back", (text, encoded) => {
    expect(base32Encode(ascii(text))).toBe(encoded);
    expect(new TextDecoder().decode(base32Decode(encoded) ?? undefined)).toBe(text);
  });

  it("reads grouped, lower-case and padded input; refuses other characters", () => {
    expect(base32Decode("mzxw 6ytb-oi======")).toEqual(ascii("foobar"));
    expect(base32Decode("MZXW1")).toBeNull();
    expect(groupSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
  });

  it("builds the otpauth URI apps scan", () => {
    expect(otpauthUri({ secret: "JBSWY3DPEHPK3PXP", account: "ana@example.com", issuer: "Alejandra Nails" })).toBe(
      "otpauth://totp/Alejandra%20Nails:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Alejandra+Nails&algorithm=SHA1&digits=6&period=30",
    );
  });
});
