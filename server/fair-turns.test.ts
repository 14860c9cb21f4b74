import { describe, expect, it } from "vitest";
import { takeTurn, waitingTurns } from "./fair-turns.ts";

describe("takeTurn", () => {
  it("starts waiting requests in arrival order, one per event-loop turn", async () => {
    const order: number[] = [];
    const turns: number[] = [];
    let turn = 0;
    const counter = setInterval(() => turn++, 0);
    const ticker = () => {
      turn++;
      if (waitingTurns() > 0) setImmediate(ticker);
    };
    setImmediate(ticker);
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => {
        await takeTurn();
        order.push(i);
        turns.push(turn);
      }),
    );
    clearInterval(counter);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    // Never two starts in the same turn.
    expect(new Set(turns).size).toBe(5);
    expect(waitingTurns()).toBe(0);
  });

  it("keeps working after the queue emptied", async () => {
    await takeTurn();
    await Promise.all([takeTurn(), takeTurn()]);
    expect(waitingTurns()).toBe(0);
  });
});
