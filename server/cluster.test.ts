import { describe, expect, it } from "vitest";
import { workerExecArgv } from "./cluster.ts";

describe("workerExecArgv", () => {
  it("gives the workers a larger young generation, keeping the primary's flags", () => {
    expect(workerExecArgv(["--enable-source-maps"])).toEqual(["--enable-source-maps", "--max-semi-space-size=32"]);
  });

  it("leaves an operator's own size alone, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-semi-space-size=64"])).toEqual(["--max-semi-space-size=64"]);
    expect(workerExecArgv([], "--inspect --max-semi-space-size=8")).toEqual([]);
  });
});
