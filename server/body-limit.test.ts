import { describe, expect, it } from "vitest";
import { formProblem, hasValidCharacters, percentDecodeForm } from "./body-limit.ts";
import { isJsonApi } from "./errors.ts";

const bytes = (s: string) => new TextEncoder().encode(s);
const FORM = "application/x-www-form-urlencoded";

describe("percentDecodeForm", () => {
  it("decodes like URLSearchParams: + is a space, %XX a byte, a stray % stays", () => {
    const decoded = (s: string) => new TextDecoder().decode(percentDecodeForm(bytes(s)));
    expect(decoded("a=1+2&b=%C3%B1")).toBe("a=1 2&b=ñ");
    expect(decoded("a=100%&b=%zz&c=%4")).toBe("a=100%&b=%zz&c=%4");
    expect(percentDecodeForm(bytes("x=%00"))).toEqual(new Uint8Array([0x78, 0x3d, 0]));
  });
});

describe("hasValidCharacters", () => {
  it.each([
    [FORM, "lastName=L%C3%B3pez&email=ana%40example.com", true],
    [FORM, "lastName=100%", true],
    [FORM, "lastName=B%00C", false],
    [`${FORM}; charset=UTF-8`, "B%00C=1", false],
    [FORM, "lastName=%FF", false],
    [FORM, "lastName=%ED%A0%80", false],
    ["application/json", JSON.stringify({ message: "hola", n: [1, { a: "ñ" }] }), true],
    ["application/json", '{"message":"a\\u0000b"}', false],
    ["application/json", '{"a\\u0000":1}', false],
    ["application/json", '{"message":"\\ud800"}', false],
    ["application/json", '{"message":"\\\\u0000 is text"}', true],
    ["application/json", '{"deep":[[[["\\u0000"]]]]}', false],
    ["text/plain", '{"message":"\\u0000"}', false],
    [undefined, '{"message":"\\u0000"}', false],
    ["application/json", "{not json", true],
    ["text/plain", "raw\0text", false],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nB\0C\r\n--x--', false],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nBeC\r\n--x--', true],
  ])("%s %j → %s", (type, body, ok) => {
    expect(hasValidCharacters(type, bytes(body))).toBe(ok);
  });

  it("refuses invalid UTF-8 bytes in a JSON body", () => {
    expect(hasValidCharacters("application/json", new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]))).toBe(false);
  });

  it("walks a deeply nested JSON body without overflowing the stack", () => {
    const deep = "[".repeat(30_000) + '"x"' + "]".repeat(30_000);
    expect(hasValidCharacters("application/json", bytes(deep))).toBe(true);
  });
});

describe("formProblem (bodies for React Router actions)", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it("accepts urlencoded and well-formed multipart forms", async () => {
    expect(await formProblem("application/x-www-form-urlencoded", bytes("a=1"))).toBeNull();
    const multipart = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n';
    expect(await formProblem("multipart/form-data; boundary=b", bytes(multipart))).toBeNull();
  });
  it("refuses JSON, text or a missing type with 415, and malformed multipart with 400", async () => {
    for (const type of ["application/json", "text/plain", undefined, "application/x-www-form-urlencodedX"]) {
      expect((await formProblem(type, bytes('{"a":1}')))?.status).toBe(415);
    }
    expect((await formProblem("multipart/form-data; boundary=b", bytes("--zz\r\ngarbage")))?.status).toBe(400);
    expect((await formProblem("multipart/form-data", bytes("no boundary")))?.status).toBe(400);
  });
  it("leaves the JSON APIs to read their own bodies", () => {
    expect(isJsonApi("/api/create-checkout-session")).toBe(true);
    expect(isJsonApi("/chatbot/chat")).toBe(true);
    expect(isJsonApi("/login")).toBe(false);
    expect(isJsonApi("/login.data")).toBe(false);
  });
});
