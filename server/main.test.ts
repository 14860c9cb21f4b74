import { describe, expect, it } from "vitest";
import { listenFailure } from "./main.ts";

const failure = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

describe("listenFailure", () => {
  it("names the usual causes in Spanish", () => {
    expect(listenFailure(failure("EADDRINUSE"), { port: 3000, host: "0.0.0.0" })).toBe("el puerto 3000 ya está en uso");
    expect(listenFailure(failure("EACCES"), { port: 80, host: "0.0.0.0" })).toMatch(/sin permiso.*80/);
    expect(listenFailure(failure("EADDRNOTAVAIL"), { port: 3000, host: "10.9.9.9" })).toMatch(/10\.9\.9\.9/);
    expect(listenFailure(new Error("otra cosa"), { port: 3000, host: "0.0.0.0" })).toBe("otra cosa");
  });
});
